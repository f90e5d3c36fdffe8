import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { memberOnUpdatePage } from "./support/accounts";
import { registerOrganisation, signUpAndSignIn } from "./support/backoffice";
import { expect, test, type Page } from "./support/test";
import { noSidewaysScroll } from "./support/viewport";

/**
 * Billing (docs/billing.md) with the sandbox provider: a consumer saves a card, saves one
 * that asks for authentication through the challenge and the callback, is told a declined
 * card was declined (nothing saved), removes a card; an owner buys a module's paid tier
 * (a declined card first: nothing changes), and the module page shows the tier and its higher
 * limit. axe on every screen, no sideways scroll at 390 px.
 */
const cards = (page: Page) => page.getByTestId("saved-card");

async function fillCard(page: Page, number: string) {
  await page.getByLabel(/^Card number/).fill(number);
  await page.getByLabel(/^Expiry month/).fill("12");
  await page.getByLabel(/^Expiry year/).fill("2034");
  await page.getByLabel(/^Security code/).fill("123");
  await page.getByRole("button", { name: "Save card" }).click();
}

test("a consumer saves cards, with and without authentication, and removes one", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await memberOnUpdatePage(page, "billing", "Casey");
  await page.goto("/profile");
  await page.getByRole("link", { name: "Billing and cards" }).click();
  await expect(page).toHaveURL(/\/profile\/billing$/);
  await expect(page.getByText("No saved card yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Manage saved cards" }).click();
  await expect(page.getByRole("heading", { name: "No saved card" })).toBeVisible();

  // 4242: saved at once, the default.
  await page.getByRole("link", { name: "Add a card" }).click();
  await expect(page).toHaveURL(/\/profile\/billing\/payment-method\/create$/);
  await expectNoSeriousA11yViolations(page);
  await fillCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/profile\/billing\/payment-method\?done=added$/);
  await expect(page.getByRole("status")).toHaveText("Card saved.");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Visa ending in 4242");
  await expect(cards(page).first()).toContainText("Default");

  // A declined card: the decline is shown, nothing saved.
  await page.getByRole("link", { name: "Add a card" }).click();
  await fillCard(page, "4000 0000 0000 0002");
  await expect(page).toHaveURL(/\/create\?error=card_declined$/);
  await expect(page.getByRole("alert").filter({ hasText: "The card was declined." })).toBeVisible();
  await page.goto("/profile/billing/payment-method");
  await expect(cards(page)).toHaveCount(1);

  // 4000 0025 0000 3155: the bank's challenge, then the callback saves it.
  await page.getByRole("link", { name: "Add a card" }).click();
  await fillCard(page, "4000 0025 0000 3155");
  await expect(page).toHaveURL(/\/payments\/sandbox\/challenge\/seti_/);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/profile\/billing\/payment-method\?done=added$/);
  await expect(cards(page)).toHaveCount(2);
  const authCard = cards(page).filter({ hasText: "ending in 3155" });
  await expect(authCard).not.toContainText("Default");
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page, [390]);

  // Remove it (the disclosure asks first).
  await page.getByText("Remove", { exact: true }).nth(1).click();
  await page.getByRole("button", { name: "Yes, remove it" }).click();
  await expect(page.getByRole("status")).toHaveText("Card removed.");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("ending in 4242");

  await page.goto("/profile/billing");
  await expect(page.getByText("One saved card; Visa ending in 4242 is the default.")).toBeVisible();
  await page.goto("/profile/billing/payment-method/create");
  await noSidewaysScroll(page, [390]);
});

test("an owner buys a paid tier: a decline changes nothing, a success raises the limit", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, "billing-owner");
  const organisationId = await registerOrganisation(page, "Billing Shop");
  const base = `/backoffice/organisation/${organisationId}`;

  await page.goto(`${base}/settings/module/commerce`);
  await expect(page.getByText("Seats: 1 of 5")).toBeVisible();
  await page.getByRole("link", { name: "Buy the Pro tier for €29.00 a month" }).click();
  await expect(page).toHaveURL(`${base}/settings/module/commerce/pro/purchase`);
  await expect(page.getByRole("heading", { name: "Commerce: Pro tier" })).toBeVisible();
  await expect(page.getByTestId("tier-price")).toHaveText("€29.00 a month");
  await expectNoSeriousA11yViolations(page);

  // No card yet: add one and come back. This one has insufficient funds.
  await page.getByRole("link", { name: "Add a card" }).click();
  await expect(page).toHaveURL(`${base}/billing/create?module=commerce&tier=pro`);
  await expectNoSeriousA11yViolations(page);
  await fillCard(page, "4000 0000 0000 9995");
  await expect(page).toHaveURL(`${base}/settings/module/commerce/pro/purchase`);
  await page.getByRole("button", { name: "Pay €29.00" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "declined for insufficient funds" }),
  ).toBeVisible();
  await page.goto(`${base}/settings/module/commerce`);
  await expect(page.getByText("Seats: 1 of 5")).toBeVisible();

  // A good card: the tier takes effect and the limit rises.
  await page.getByRole("link", { name: "Buy the Pro tier for €29.00 a month" }).click();
  await page.getByRole("link", { name: "Add a card" }).click();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByLabel("Visa ending in 4242").check();
  await noSidewaysScroll(page, [390]);
  await page.getByRole("button", { name: "Pay €29.00" }).click();
  await expect(page).toHaveURL(`${base}/settings/module/commerce?done=purchased`);
  await expect(page.getByRole("status")).toHaveText("Payment received: the tier is active now.");
  await expect(page.getByText(/Switched on at the Pro tier/)).toBeVisible();
  await expect(page.getByText("Seats: 1 of 25")).toBeVisible();

  // Billing: the paid tier and its renewal, the two charges with receipts.
  await page.goto(`${base}/billing`);
  await expect(page.getByTestId("paid-tier")).toContainText("Active");
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page, [390]);
  await page.getByRole("link", { name: "See all charges" }).click();
  await expect(page.getByTestId("charge-row")).toHaveCount(2);
  await expect(page.getByTestId("charge-row").first()).toContainText("Paid");
  await expect(page.getByTestId("charge-row").nth(1)).toContainText("Failed");
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("charge-row").first().getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible();
  await expect(page.getByTestId("charge-receipt")).toContainText("€29.00");
  await expect(page.getByTestId("charge-receipt")).toContainText("Billing Shop");
  await expectNoSeriousA11yViolations(page);
});
