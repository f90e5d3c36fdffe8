import { expect, test, type Page } from "./support/test";
import { noSidewaysScroll } from "./support/viewport";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { registerOrganisation, signUpAndSignIn, sql } from "./support/backoffice";
import { publishProduct } from "./support/shop";

/**
 * Payments made and verified reviews (issue 12 §2–3): a shopper reviews a product before
 * buying it (not verified), buys it with a success card; the cached product page then shows
 * "Verified purchase" on the review and on the shopper's own; /profile/billing lists the
 * payment and its receipt shows the card and the invoice; someone else gets a 404.
 */
async function payWith(page: Page, number: string) {
  const form = page.getByTestId("card-form");
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiry (MM/YY)").fill("12/40");
  await form.getByLabel("Security code (CVC)").fill("123");
  await form.getByTestId("pay-button").click();
}

test("a review becomes a verified purchase; the payment has its receipt", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const seller = await (await browser.newContext()).newPage();
  await signUpAndSignIn(seller, "made-seller");
  const shop = await registerOrganisation(seller, "Made Mugs");
  await sql(
    (
      db,
    ) => db`insert into organisation_modules (organisation_id, module) values (${shop}, 'commerce')
      on conflict do nothing`,
  );
  const mug = await publishProduct(shop, "Blue Mug", [], [{ values: [], price: 1250, stock: 5 }]);
  const productPage = `/commerce/product/${mug}`;

  // Reviewed before buying: not verified.
  await signUpAndSignIn(page, "made-buyer");
  await page.goto(productPage);
  const body = `Lovely mug (${Date.now().toString(36)})`;
  await page.getByRole("radio", { name: "5 stars" }).check();
  await page.getByLabel("Your review", { exact: true }).fill(body);
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText("Thank you: your review is published.")).toBeVisible();
  await page.reload();
  const review = page.getByRole("listitem").filter({ hasText: body });
  await expect(review).toBeVisible();
  await expect(review.getByText("Verified purchase")).toHaveCount(0);

  // Bought and paid.
  await page.getByTestId("buy-box").getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();
  await page.goto("/commerce/cart");
  await page.getByRole("link", { name: "Open your cart at Made Mugs" }).click();
  await page.getByTestId("go-to-checkout").click();
  await page.waitForURL(/\/checkout$/);
  await page.getByLabel("Full name").fill("Mia Buyer");
  await page.getByTestId("place-order").click();
  await page.waitForURL(/\/commerce\/checkout\/[0-9a-f-]{36}$/);
  await payWith(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/profile\/order\/[0-9a-f-]{36}\?paid=1$/);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  // The cached product page shows the change, on the review and on the author's own.
  await page.goto(productPage);
  await expect(
    page.getByRole("listitem").filter({ hasText: body }).getByText("Verified purchase"),
  ).toBeVisible();
  await expect(page.getByTestId("own-review-verified")).toHaveText("Verified purchase");

  // Payments made, then the receipt.
  await page.goto("/profile/billing");
  await expect(page.getByRole("heading", { level: 2, name: "Payments made" })).toBeVisible();
  const row = page.getByTestId("payment-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Made Mugs");
  await expect(row).toContainText("€12.50");
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);
  await row.getByRole("link", { name: /^Receipt of the payment of/ }).click();
  await page.waitForURL(`/profile/billing/charge?id=${orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  const receipt = page.getByTestId("payment-receipt");
  await expect(receipt).toContainText("Made Mugs");
  await expect(receipt).toContainText("€12.50");
  await expect(receipt).toContainText("•••• 4242");
  await expect(page.getByTestId("order-documents")).toContainText("Invoice");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);

  // Another signed-in user: not found.
  await seller.goto(`/profile/billing/charge?id=${orderId}`);
  await expect(seller.getByRole("heading", { level: 1 })).not.toHaveText("Receipt");
  const answer = await seller.request.get(`/profile/billing/charge?id=${orderId}`);
  expect(answer.status()).toBe(404);
});
