import { expect, test } from "./support/test";
import { noSidewaysScroll } from "./support/viewport";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import {
  createConfirmedUser,
  registerOrganisation,
  signInWithProfile,
  signUpAndSignIn,
  sql,
  uniqueEmail,
} from "./support/backoffice";

/**
 * Selling terms (docs/selling-terms.md): an owner sets a tax rate (a bad one refused on its
 * field, nothing written) and adds a delivery rate on commerce/settings, then creates a
 * discount code on commerce/discount (a duplicate in another case refused) and deactivates
 * it. A staff member writes codes but sees the terms read-only; a viewer writes neither and
 * gets 404 on the create page. Screens pass axe and do not scroll sideways at 390 px.
 */

async function addMember(
  orgId: string,
  browserPage: Parameters<typeof createConfirmedUser>[0],
  role: string,
) {
  const email = uniqueEmail(`terms-${role}`);
  await createConfirmedUser(browserPage, email);
  await sql(
    (db) => db`
      insert into employments (organisation_id, user_id, role_id)
      select ${orgId}, u.id, r.id from auth.users u, roles r
      where u.email = ${email} and r.organisation_id = ${orgId} and r.builtin_key = ${role}`,
  );
  await signInWithProfile(browserPage, email, `E2E terms ${role}`);
}

test("selling terms: tax and delivery rates, discount codes, by role", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signUpAndSignIn(page, "terms-owner");
  const orgId = await registerOrganisation(page, "Terms Traders");
  await sql(
    (db) => db`
      insert into organisation_modules (organisation_id, module, tier)
      values (${orgId}, 'commerce', 'free')
      on conflict (organisation_id, module) do update set enabled = true`,
  );
  const base = `/backoffice/organisation/${orgId}/commerce`;

  // The terms, reached from the commerce overview: the defaults (prices include tax, 0 %).
  await page.goto(base);
  await page.getByRole("link", { name: "Selling terms" }).click();
  await page.waitForURL(`**${base}/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Selling terms" })).toBeVisible();
  await expect(page.getByLabel("Prices include tax")).toBeChecked();
  await expect(page.getByText("No delivery rates yet: buyers can only pick up.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A bad rate is refused on its field; nothing is written.
  const standardRate = page.getByRole("textbox", { name: "Standard rate: rate in %" });
  await standardRate.fill("121");
  await page.getByRole("button", { name: "Save terms" }).click();
  await expect(
    page.getByText("Enter a percentage from 0 to 100 with at most two decimals."),
  ).toBeVisible();
  expect(
    await sql((db) => db`select 1 from tax_rates where organisation_id = ${orgId}`),
  ).toHaveLength(0);
  await standardRate.fill("21");
  await page.getByRole("textbox", { name: "Standard rate: name on receipts" }).fill("VAT 21%");
  await page.getByRole("textbox", { name: "Reduced rate: rate in %" }).fill("10.5");
  await page.getByRole("button", { name: "Save terms" }).click();
  await expect(page.getByText(/^Selling terms saved/)).toBeVisible();
  const rates = await sql(
    (db) => db`select tax_class, basis_points, label from tax_rates
      where organisation_id = ${orgId} and basis_points > 0 order by tax_class`,
  );
  expect([...rates]).toEqual([
    { tax_class: "reduced", basis_points: 1050, label: "" },
    { tax_class: "standard", basis_points: 2100, label: "VAT 21%" },
  ]);

  // A delivery rate: added, then listed with its own form.
  const newRate = page.getByRole("group", { name: "New delivery rate" });
  await newRate.getByLabel("Name").fill("Courier");
  await newRate.getByLabel("Price (USD)").fill("4.955");
  await page.getByRole("button", { name: "Add rate" }).click();
  await expect(
    newRate.getByText("Enter an amount with at most as many decimals as the currency has."),
  ).toBeVisible();
  await newRate.getByLabel("Price (USD)").fill("4.95");
  await page.getByRole("button", { name: "Add rate" }).click();
  await expect(page.getByText(/^Delivery rate added/)).toBeVisible();
  await expect(page.getByRole("group", { name: "Delivery rate Courier" })).toBeVisible();
  const delivery = await sql(
    (db) => db`select name, price_minor, currency, active from delivery_rates
      where organisation_id = ${orgId}`,
  );
  expect([...delivery]).toEqual([
    { name: "Courier", price_minor: "495", currency: "USD", active: true },
  ]);
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page, [390]);

  // Discount codes: the empty list, a code, a duplicate in another case refused.
  await page.getByRole("link", { name: "Discount codes" }).click();
  await page.waitForURL(`**${base}/discount`);
  await expect(page.getByRole("heading", { name: "No discount codes yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "New code" }).first().click();
  await page.waitForURL(`**${base}/discount/create`);
  await page.getByLabel("Code").fill("summer15");
  await page.getByRole("textbox", { name: "Percentage off" }).fill("15");
  await page.getByLabel("Total uses").fill("50");
  await page.getByRole("button", { name: "Create code" }).click();
  await page.waitForURL(new RegExp(`${base}/discount/[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { level: 1, name: "SUMMER15" })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  const codeUrl = page.url();
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page, [390]);
  await page.goto(`${base}/discount/create`);
  await page.getByLabel("Code").fill("Summer15");
  await page.getByRole("textbox", { name: "Percentage off" }).fill("5");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(
    page.getByText("This organisation already has a code with these characters."),
  ).toBeVisible();

  // Deactivated: the list shows it so, with its use against the limit.
  await page.goto(codeUrl);
  await page.getByRole("button", { name: "Deactivate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate code" }).click();
  await expect(page.getByText(/^Discount code deactivated/)).toBeVisible();
  await page.goto(`${base}/discount`);
  const row = page.getByRole("table", { name: "Discount codes" }).getByRole("row").filter({
    hasText: "SUMMER15",
  });
  await expect(row).toContainText("15 % off");
  await expect(row).toContainText("Deactivated");
  await expect(row).toContainText("0 of 50");
  await noSidewaysScroll(page, [390]);
  const codes = await sql(
    (db) => db`select code, basis_points, usage_limit, active from discount_codes
      where organisation_id = ${orgId}`,
  );
  expect([...codes]).toEqual([
    { code: "SUMMER15", basis_points: 1500, usage_limit: 50, active: false },
  ]);

  // Staff: codes yes, terms read-only.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await addMember(orgId, staff, "staff");
  await staff.goto(`${base}/settings`);
  await expect(staff.getByRole("heading", { level: 1, name: "Selling terms" })).toBeVisible();
  await expect(staff.getByRole("button", { name: "Save terms" })).toHaveCount(0);
  await expect(staff.getByRole("button", { name: "Add rate" })).toHaveCount(0);
  await expect(staff.getByRole("textbox", { name: "Standard rate: rate in %" })).toBeDisabled();
  await staff.goto(`${base}/discount`);
  await expect(staff.getByRole("link", { name: "New code" })).toBeVisible();
  await staffContext.close();

  // Viewer: reads both, writes neither; the create page is not there for them.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await addMember(orgId, viewer, "viewer");
  await viewer.goto(codeUrl);
  await expect(viewer.getByRole("heading", { level: 1, name: "SUMMER15" })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Save code" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Reactivate" })).toHaveCount(0);
  await expect(viewer.getByLabel("Code")).toBeDisabled();
  expect((await viewer.goto(`${base}/discount/create`))?.status()).toBe(404);
  await viewer.goto(`${base}/discount`);
  await expect(viewer.getByRole("link", { name: "New code" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(viewer);
  await viewerContext.close();
});
