import { expect, test, type Page } from "./support/test";
import { noSidewaysScroll } from "./support/viewport";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import {
  createConfirmedUser,
  E2E_PASSWORD,
  registerOrganisation,
  signUpAndSignIn,
  sql,
  uniqueEmail,
} from "./support/backoffice";
import { publishProduct } from "./support/shop";

/**
 * Carts (issue 12 §1) as a visitor meets them: the buy box on a product page adds the chosen
 * variant (a guest session is made on the way, the top bar counts it), one cart per shop,
 * tracked stock held with a countdown, a quantity beyond the stock refused, a price change
 * shown, an ended hold held again, a line removed; signing in brings the guest's carts into
 * the account; nobody else opens them; the buy box works without JavaScript too.
 */

async function addToCart(page: Page, size?: string, quantity = 1) {
  const box = page.getByTestId("buy-box");
  if (size) await box.getByLabel("Size").selectOption(size);
  await box.getByLabel("Quantity").fill(String(quantity));
  await box.getByRole("button", { name: "Add to cart" }).click();
}

test("a guest's carts: adding, holds, changes, and signing in keeps them", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // Two shops with a product each.
  const sellerPage = await (await browser.newContext()).newPage();
  await signUpAndSignIn(sellerPage, "cart-seller");
  const shopA = await registerOrganisation(sellerPage, "Cart Outfitters");
  const shopB = await registerOrganisation(sellerPage, "Cart Kitchen");
  const jacket = await publishProduct(
    shopA,
    "Trail Jacket",
    [{ name: "Size", values: ["S", "M"] }],
    [
      { values: ["S"], price: 8900, stock: 2 },
      { values: ["M"], price: 9900, stock: null },
    ],
  );
  const kettle = await publishProduct(
    shopB,
    "Copper Kettle",
    [],
    [{ values: [], price: 4500, stock: 5 }],
  );

  // A visitor adds two M jackets: a guest session is made, the top bar counts them, and the
  // "Sign in" link stays (a guest is not an account).
  await page.goto(`/commerce/product/${jacket}`);
  await expect(page.getByRole("heading", { level: 1, name: "Trail Jacket" })).toBeVisible();
  await addToCart(page, "M", 2);
  await expect(page.getByText("Added to your cart.")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await expect(page.getByTestId("cart-link")).toHaveAccessibleName("Cart, 2 items");
  await expect(page.locator("html")).toHaveAttribute("data-session", "guest");
  await expect(page.getByTestId("sign-in-link")).toBeVisible();
  await expect(page.getByTestId("account-menu")).toBeHidden();
  // With the cart's icon and badge in the bar, the brand reads in full at 390 px (as the
  // layout spec asks of a visitor's bar) and nothing scrolls sideways at 360 px.
  await page.setViewportSize({ width: 390, height: 800 });
  const brand = page.getByTestId("top-bar").getByRole("link", { name: "Live Market" });
  expect(await brand.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await noSidewaysScroll(page, [360]);
  await expectNoSeriousA11yViolations(page);

  // More than the stock of S is refused, with nothing added.
  await addToCart(page, "S", 3);
  await expect(page.getByText("There are not enough of this item in stock")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await addToCart(page, "S", 1);
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  await page.goto(`/commerce/product/${kettle}`);
  await addToCart(page);
  await expect(page.getByTestId("cart-count")).toHaveText("4");

  // One cart per shop.
  await page.getByTestId("cart-link").click();
  await page.waitForURL("**/commerce/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your carts" })).toBeVisible();
  await expect(page.getByTestId("cart-card")).toHaveCount(2);
  await expect(page.getByTestId("guest-note")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);
  await page.getByRole("link", { name: "Open your cart at Cart Outfitters" }).click();
  await page.waitForURL(/\/commerce\/cart\/[0-9a-f-]{36}$/);
  const cartPath = new URL(page.url()).pathname;
  await expect(
    page.getByRole("heading", { level: 1, name: "Cart at Cart Outfitters" }),
  ).toBeVisible();
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId("hold-countdown")).toHaveText(/Held for you for 1[45]:\d\d/);
  await expect(page.getByTestId("cart-subtotal")).toHaveText("€287.00");
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);

  // A quantity beyond the stock is refused; the seller raises a price: the cart says so.
  const small = lines.filter({ hasText: "Size: S" });
  await small.getByLabel("Quantity").fill("3");
  await small.getByRole("button", { name: "Update" }).click();
  await expect(small.getByText("There are not enough of this item in stock")).toBeVisible();
  await sql(
    (db) =>
      db`update product_variants set price_minor = 10900 where product_id = ${jacket} and option_values = '{M}'`,
  );
  await page.reload();
  const medium = lines.filter({ hasText: "Size: M" });
  await expect(medium.getByTestId("price-changed")).toHaveText(
    "The price went up from €99.00 since you added it.",
  );
  await expect(page.getByTestId("cart-subtotal")).toHaveText("€307.00");

  // The hold runs out: the cart says so, and holds again.
  await sql(
    (db) =>
      db`update cart_lines set hold_expires_at = now() - interval '1 minute' where listing_id = ${jacket}`,
  );
  await page.reload();
  await expect(page.getByText("Your hold has ended")).toBeVisible();
  await expect(small.getByTestId("line-state")).toHaveText("Hold ended: not reserved any more.");
  await page.getByRole("button", { name: "Hold again" }).click();
  await expect(page.getByText("Held again for 15 minutes.")).toBeVisible();
  await expect(page.getByTestId("hold-countdown")).toBeVisible();
  await expect(page.getByText("Your hold has ended")).toBeHidden();

  // Removing a line; the count follows.
  await small.getByRole("button", { name: "Remove Trail Jacket" }).click();
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  // The guest signs in to an existing account from the cart: both carts come along.
  const email = uniqueEmail("cart-buyer");
  await createConfirmedUser(page, email);
  await page.goto("/commerce/cart");
  await page.getByTestId("guest-note").getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL("**/login?redirect=%2Fcommerce%2Fcart");
  await page.getByLabel("Email or phone").fill(email);
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL("**/commerce/cart");
  await expect(page.getByTestId("cart-card")).toHaveCount(2);
  await expect(page.getByTestId("guest-note")).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("data-session", "in");
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  // Someone else opening that cart's address: not found.
  const other = await (await browser.newContext()).newPage();
  await signUpAndSignIn(other, "cart-stranger");
  const answer = await other.goto(cartPath);
  expect(answer?.status()).toBe(404);
  const visitor = await (await browser.newContext()).newPage();
  expect((await visitor.goto(cartPath))?.status()).toBe(404);
  await visitor.goto("/commerce/cart");
  await expect(visitor.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the buy box adds to the cart and the cart page works", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const sellerPage = await (await browser.newContext({ javaScriptEnabled: true })).newPage();
    await signUpAndSignIn(sellerPage, "cart-nojs-seller");
    const shop = await registerOrganisation(sellerPage, "No Script Shop");
    const mug = await publishProduct(
      shop,
      "Plain Mug",
      [],
      [{ values: [], price: 1200, stock: 4 }],
    );
    await page.goto(`/commerce/product/${mug}`);
    await page.getByTestId("buy-box").getByLabel("Quantity").fill("2");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("Added to your cart.")).toBeVisible();
    await page.getByRole("link", { name: "View cart" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-subtotal")).toHaveText("€24.00");
    await expect(page.getByText(/Held for you until/)).toBeVisible();
  });
});
