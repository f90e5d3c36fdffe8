import { expect, test, type Page } from "./support/test";
import { noSidewaysScroll } from "./support/viewport";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { signUpLinkPath } from "./support/confirm";
import {
  E2E_PASSWORD,
  registerOrganisation,
  signUpAndSignIn,
  sql,
  uniqueEmail,
} from "./support/backoffice";
import { publishProduct } from "./support/shop";

/**
 * Buying (issue 12 §2–3) end to end: a visitor fills carts at two shops, registers from the
 * checkout and confirms the address by the emailed link (the carts follow), pays one cart with a success card and the other with a card
 * that needs authentication, sees both orders and downloads an invoice; the seller ships one
 * and refunds part of the other; the buyer sees the refund and the credit note.
 */
const SUCCESS = "4242 4242 4242 4242";
const CHALLENGE = "4000 0025 0000 3155";

async function addToCart(page: Page, productId: string) {
  await page.goto(`/commerce/product/${productId}`);
  await page.getByTestId("buy-box").getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();
}

async function payWith(page: Page, number: string) {
  const form = page.getByTestId("card-form");
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiry (MM/YY)").fill("12/40");
  await form.getByLabel("Security code (CVC)").fill("123");
  await form.getByTestId("pay-button").click();
}

async function checkoutCart(page: Page, shop: string) {
  await page.goto("/commerce/cart");
  await page.getByRole("link", { name: `Open your cart at ${shop}` }).click();
  await page.getByTestId("go-to-checkout").click();
  await page.waitForURL(/\/checkout$/);
}

test("a buyer pays two shops, gets orders and invoices; the sellers ship and refund", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const seller = await (await browser.newContext()).newPage();
  await signUpAndSignIn(seller, "buy-seller");
  const shopA = await registerOrganisation(seller, "Buy Books");
  const shopB = await registerOrganisation(seller, "Buy Lamps");
  await sql(async (db) => {
    for (const shop of [shopA, shopB]) {
      await db`insert into organisation_modules (organisation_id, module) values (${shop}, 'commerce')
        on conflict do nothing`;
    }
    await db`insert into tax_rates (organisation_id, tax_class, basis_points, label)
      values (${shopA}, 'standard', 2100, 'VAT 21%')`;
  });
  const book = await publishProduct(
    shopA,
    "Field Guide",
    [],
    [{ values: [], price: 2420, stock: 5 }],
  );
  const lamp = await publishProduct(
    shopB,
    "Desk Lamp",
    [],
    [{ values: [], price: 3000, stock: 5 }],
  );

  // A visitor fills two carts, then checkout asks them to sign in; their carts follow.
  await addToCart(page, book);
  await addToCart(page, lamp);
  await checkoutCart(page, "Buy Books");
  await expect(page.getByTestId("guest-note")).toBeVisible();
  // They register from the checkout and confirm the address with the emailed link in this
  // browser: the confirmation signs them in and brings their carts to the checkout.
  const email = uniqueEmail("buyer");
  await page.getByTestId("guest-note").getByRole("link", { name: "create an account" }).click();
  await page.getByLabel("Email or phone").fill(email);
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.goto(await signUpLinkPath(email));
  await page.waitForURL(/\/checkout$/);

  // Checkout at Buy Books: 21 % VAT inside the price, pickup; pay with a success card.
  await expect(page.getByTestId("summary-total")).toHaveText("€24.20");
  await expect(page.getByTestId("summary-tax")).toHaveText("€4.20");
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);
  await page.getByLabel("Full name").fill("Ana Buyer");
  await page.getByTestId("place-order").click();
  await page.waitForURL(/\/commerce\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("hold-countdown")).toBeVisible();
  // The book's cart became the order: the top bar counts the lamp only.
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expectNoSeriousA11yViolations(page);
  await payWith(page, "4000 0000 0000 0002");
  await expect(page.getByTestId("pay-answer")).toHaveText(
    "The card was declined. Try another card.",
  );
  await payWith(page, SUCCESS);
  // An account without a profile is asked for one first, then lands on its order.
  await expect(page.getByRole("heading", { level: 1, name: "Create your profile" })).toBeVisible();
  await page.getByLabel("Display name").fill("Ana Buyer");
  await page.getByRole("button", { name: "Create profile" }).click();
  await page.waitForURL(/\/profile\/order\/[0-9a-f-]{36}\?paid=1$/);
  const bookOrder = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByTestId("order-notice")).toContainText("Your payment went through");
  await expect(page.getByTestId("state-payment")).toContainText("Paid");
  const invoiceLink = page
    .getByTestId("order-documents")
    .getByRole("link", { name: "Download PDF" });
  const pdf = await page.request.get((await invoiceLink.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expectNoSeriousA11yViolations(page);

  // Checkout at Buy Lamps with a card that asks for authentication.
  await checkoutCart(page, "Buy Lamps");
  await page.getByLabel("Full name").fill("Ana Buyer");
  await page.getByTestId("place-order").click();
  await page.waitForURL(/\/commerce\/checkout\/[0-9a-f-]{36}$/);
  await payWith(page, CHALLENGE);
  await page.waitForURL(/\/payments\/sandbox\/challenge\//);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/profile\/order\/[0-9a-f-]{36}\?paid=1$/);
  const lampOrder = new URL(page.url()).pathname.split("/").pop()!;

  // Both orders are listed.
  await page.goto("/profile/order");
  await expect(page.getByTestId("order-item")).toHaveCount(2);
  await page.setViewportSize({ width: 390, height: 800 });
  await noSidewaysScroll(page, [360]);
  await expectNoSeriousA11yViolations(page);

  // The seller ships the book and refunds part of the lamp.
  await seller.goto(`/backoffice/organisation/${shopA}/commerce/order/${bookOrder}`);
  await seller.getByTestId("step-preparing").click();
  await expect(seller.getByTestId("state-fulfilment")).toContainText("Preparing");
  await seller.getByTestId("step-ready").click();
  await expect(seller.getByTestId("state-fulfilment")).toContainText("Ready for pickup");
  await expectNoSeriousA11yViolations(seller);
  await seller.goto(`/backoffice/organisation/${shopB}/commerce/order/${lampOrder}`);
  await seller.getByLabel("Amount (EUR)").fill("10.00");
  await seller.getByLabel("Reason").selectOption("damaged");
  await seller.getByTestId("refund-submit").click();
  await expect(seller.getByTestId("state-payment")).toContainText("Partly refunded");

  // The buyer sees the refund and the credit note.
  await page.goto(`/profile/order/${lampOrder}`);
  await expect(page.getByTestId("refunds")).toContainText("€10.00");
  await expect(page.getByTestId("order-documents")).toContainText("Credit note CN-");
  await expect(page.getByTestId("timeline")).toContainText("Refunded €10.00");
});
