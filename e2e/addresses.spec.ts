import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { memberOnUpdatePage } from "./support/accounts";
import { expect, test, type Locator, type Page } from "./support/test";
import { noSidewaysScroll } from "./support/viewport";

/**
 * The address book (docs/addresses.md): a new member adds a US and a GB address (each first
 * with a postcode of the wrong shape: the field says so and nothing is saved), edits one,
 * makes it the default and deletes the other; the pages pass axe, also at 390 px; and the
 * form works without JavaScript.
 */
const cards = (page: Page) => page.getByTestId("address-card");

async function fillCommon(page: Page, fields: { line1: string; city: string }) {
  await page.getByLabel(/^Full name/).fill("Robin Example");
  await page.getByLabel(/^Address line 1/).fill(fields.line1);
  await page.getByLabel(/^City/).fill(fields.city);
}

function card(page: Page, text: string): Locator {
  return cards(page).filter({ hasText: text });
}

test("a member keeps an address book, checked per country", async ({ page }) => {
  test.setTimeout(120_000);
  await memberOnUpdatePage(page, "addresses", "Robin");
  await page.goto("/profile");
  await page.getByRole("link", { name: "My addresses" }).click();
  await expect(page).toHaveURL(/\/profile\/my-addresses$/);
  await expect(page.getByRole("heading", { name: "No addresses yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A US address: the state select and the ZIP code follow the country.
  await page.getByRole("link", { name: "Add an address" }).click();
  await expect(page).toHaveURL(/\/profile\/my-addresses\/create$/);
  await page.getByLabel(/^Country or region/).selectOption("US");
  await fillCommon(page, { line1: "500 Market St", city: "San Francisco" });
  await page.getByLabel(/^State/).selectOption("CA");
  await page.getByLabel(/^ZIP code/).fill("9410");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Invalid format")).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
  await page.getByLabel(/^ZIP code/).fill("94103");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page).toHaveURL(/\/profile\/my-addresses\?done=created$/);
  await expect(page.getByRole("status")).toHaveText("The address is added.");
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, "San Francisco, CA 94103")).toContainText("Default");

  // A GB address: county and postcode; a US-shaped postcode is refused by the server too.
  await page.getByRole("link", { name: "Add an address" }).click();
  await page.getByLabel(/^Country or region/).selectOption("GB");
  await expect(page.getByLabel(/^County/)).toBeVisible();
  await fillCommon(page, { line1: "10 Downing St", city: "London" });
  await page.getByLabel(/^Postcode/).fill("12345");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Invalid format")).toBeVisible();
  await page.goto("/profile/my-addresses");
  await expect(cards(page)).toHaveCount(1);

  await page.getByRole("link", { name: "Add an address" }).click();
  await page.getByLabel(/^Country or region/).selectOption("GB");
  await fillCommon(page, { line1: "10 Downing St", city: "London" });
  await page.getByLabel(/^Label/).fill("Office");
  await page.getByLabel(/^Postcode/).fill("sw1a2aa");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("status")).toHaveText("The address is added.");
  await expect(cards(page)).toHaveCount(2);
  await expect(card(page, "Office")).toContainText("SW1A 2AA");
  await expect(card(page, "Office")).toContainText("United Kingdom");
  await expect(card(page, "Office")).not.toContainText("Default");

  // Edit it.
  await page.getByRole("link", { name: "Edit Office" }).click();
  await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
  await expect(page.getByLabel(/^Postcode/)).toHaveValue("SW1A 2AA");
  await page.getByLabel(/^Address line 2/).fill("Cabinet Office");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("The address is saved.");
  await expect(card(page, "Office")).toContainText("Cabinet Office");

  // Make it the default.
  await card(page, "Office").getByRole("button", { name: "Make default" }).click();
  await expect(page.getByRole("status")).toHaveText("That address is now your default.");
  await expect(card(page, "Office")).toContainText("Default");
  await expect(card(page, "San Francisco")).not.toContainText("Default");
  // The default comes first.
  await expect(cards(page).first()).toContainText("Office");

  // At 390 px: no sideways scroll, and axe on the list and the form.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page, [390]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("link", { name: "Edit Office" }).click();
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page, [390]);
  await page.goto("/profile/my-addresses");

  // Delete the US one, after confirming.
  const sf = card(page, "San Francisco");
  await sf.getByText("Delete", { exact: true }).click();
  await expect(sf.getByText("Delete this address?")).toBeVisible();
  await sf.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByRole("status")).toHaveText("The address is deleted.");
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, "Office")).toContainText("Default");

  // Someone else's id, or none, is not found.
  const response = await page.goto("/profile/my-addresses/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
});

test("the address form works without JavaScript", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await memberOnUpdatePage(page, "addresses-nojs", "Noa");
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto("/profile/my-addresses/create");
  await plain.getByLabel(/^Country or region/).selectOption("US");
  await fillCommon(plain, { line1: "1 Main St", city: "Springfield" });
  await plain.getByLabel(/^State/).selectOption("IL");
  await plain.getByLabel(/^ZIP code/).fill("ABCDE");
  await plain.getByRole("button", { name: "Save address" }).click();
  await expect(plain.getByText("Invalid format")).toBeVisible();
  // What was typed comes back.
  await expect(plain.getByLabel(/^Address line 1/)).toHaveValue("1 Main St");
  await plain.getByLabel(/^ZIP code/).fill("62701");
  await plain.getByRole("button", { name: "Save address" }).click();
  await expect(plain).toHaveURL(/\/profile\/my-addresses\?done=created$/);
  await expect(card(plain, "Springfield, IL 62701")).toContainText("Default");
  // The edit page carries the address (and its id and version) in its HTML.
  await plain.getByRole("link", { name: "Edit Robin Example" }).click();
  await expect(plain.getByLabel(/^ZIP code/)).toHaveValue("62701");
  await plain.getByLabel(/^City/).fill("Chicago");
  await plain.getByLabel(/^ZIP code/).fill("60601");
  await plain.getByRole("button", { name: "Save changes" }).click();
  await expect(plain.getByRole("status")).toHaveText("The address is saved.");
  await expect(card(plain, "Chicago, IL 60601")).toBeVisible();
  await context.close();
});
