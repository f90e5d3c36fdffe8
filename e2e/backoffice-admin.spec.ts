import { expect, test } from "./support/test";
import { axeInBothThemes, expectNoSeriousA11yViolations } from "./helpers-axe";
import { registerOrganisation, signUpAndSignIn, sql } from "./support/backoffice";

test("roles, the permission matrix, the audit trail and modules", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, "orgadmin");
  const id = await registerOrganisation(page, "Admin Cafe");
  const base = `/backoffice/organisation/${id}/settings`;

  // Roles: a clear message for bad input and a name clash, then a custom role.
  await page.goto(`${base}/roles`);
  await expect(page.getByRole("heading", { level: 1, name: "Roles" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Owner" })).toBeVisible();
  await expect(page.getByText("No custom role yet")).toBeVisible();
  await axeInBothThemes(page);
  // The action error texts are not in the page: the browser loads them with the screen's code
  // (components/backoffice/action-error-messages.tsx), and the clash below still reads right.
  const served = await (await page.request.get(`${base}/roles`)).text();
  expect(served).toContain("No custom role yet");
  expect(served).not.toContain("A role with this name already exists.");
  await page.getByRole("button", { name: "New role" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create role" }).click();
  await expect(dialog.getByText("This field is required")).toBeVisible();
  await dialog.getByLabel("Name").fill("owner");
  await dialog.getByRole("button", { name: "Create role" }).click();
  await expect(dialog.getByText("A role with this name already exists.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Name").fill("Cashier");
  await dialog.getByLabel("Description").fill("Runs the tills");
  await dialog.getByRole("button", { name: "Create role" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("rowheader", { name: "Cashier" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Runs the tills" })).toBeVisible();

  // The matrix: tick two permissions of the custom role and save its column.
  await page.goto(`${base}/permissions`);
  await expect(page.getByRole("heading", { level: 1, name: "Permissions" })).toBeVisible();
  await page.getByLabel("Cashier: See members").check();
  await page.getByLabel("Cashier: Read the audit trail").check();
  await page.getByRole("button", { name: "Save Cashier" }).click();
  await expect(page.getByText("Permissions of Cashier saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Cashier: See members")).toBeChecked();
  await expect(page.getByLabel("Cashier: Delete files")).not.toBeChecked();
  const granted = await sql(
    (db) => db`
      select p.permission from role_permissions p join roles r on r.id = p.role_id
      where r.organisation_id = ${id} and r.name = 'Cashier' order by 1`,
  );
  expect(granted.map((g) => g.permission)).toEqual([
    "people.employment.read",
    "settings.audit.read",
  ]);
  await axeInBothThemes(page);

  // A filter that matches nothing says so (an empty trail says nothing was recorded yet).
  await page.goto(`${base}/audit?from=2099-01-01`);
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
  await expect(page.getByText("Nothing has been recorded yet.")).toHaveCount(0);

  // The audit trail shows both writes, who made them, and what changed.
  await page.goto(`${base}/audit`);
  await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
  const table = page.getByRole("table", { name: "Audit entries, newest first" });
  // Actions, resources and fields by their labels and names, never as keys or ids.
  const permissionRow = table.getByRole("row").filter({ hasText: "Changed a role's permissions" });
  await expect(permissionRow).toContainText("E2E orgadmin");
  await expect(permissionRow).toContainText("Cashier");
  await permissionRow.getByText("Show changes").click();
  await expect(permissionRow.getByRole("rowheader", { name: "Permissions" })).toBeVisible();
  await expect(permissionRow.getByText("See members, Read the audit trail")).toBeVisible();
  // The changes are drawn only when opened: the link is the same page with ?entry=<id>, and
  // closes them again; without JavaScript the same link opens them too.
  await expect(page).toHaveURL(/[?&]entry=\d+/);
  await expect(table.getByRole("link", { name: "Hide changes" })).toHaveCount(1);
  await permissionRow.getByRole("link", { name: "Hide changes" }).click();
  await expect(permissionRow.getByRole("rowheader", { name: "Permissions" })).toHaveCount(0);
  await expect(permissionRow.getByRole("link", { name: /Show changes/ })).toBeFocused();
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto(`${base}/audit`);
  const plainRow = plain
    .getByRole("table", { name: "Audit entries, newest first" })
    .getByRole("row")
    .filter({ hasText: "Changed a role's permissions" });
  await expect(plainRow.getByRole("rowheader", { name: "Permissions" })).toHaveCount(0);
  await plainRow.getByRole("link", { name: /Show changes/ }).click();
  await expect(plainRow.getByText("See members, Read the audit trail")).toBeVisible();
  await noScript.close();
  await expect(table).not.toContainText("settings.rolePermission.update");
  await expect(table).not.toContainText("people.employment.read");
  const createRow = table.getByRole("row").filter({ hasText: "Created a role" });
  await expect(createRow).toContainText("Role");
  await expect(createRow).toContainText("Cashier");
  await expect(
    page.getByLabel("Action").locator("option", { hasText: "Created a role" }),
  ).toHaveAttribute("value", "settings.role.create");
  await page.getByLabel("Action").selectOption({ label: "Created a role" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/action=settings\.role\.create/);
  await expect(
    table.getByRole("row").filter({ hasText: "Changed a role's permissions" }),
  ).toHaveCount(0);
  await expect(table.getByRole("row").filter({ hasText: "Created a role" })).toHaveCount(1);
  await axeInBothThemes(page);

  // Modules: switching storage on brings its navigation; off takes it away.
  await page.goto(`${base}/module`);
  await expect(page.getByRole("heading", { level: 1, name: "Modules" })).toBeVisible();
  await axeInBothThemes(page);
  await page.getByRole("link", { name: "Details of Storage" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Storage" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Business portal" });
  await expect(nav.getByRole("link", { name: "Storage" })).toHaveCount(0);
  // Paid tiers link to their purchase page (docs/billing.md).
  await expect(
    page.getByRole("link", { name: "Buy the Pro tier for €9.00 a month" }),
  ).toHaveAttribute("href", `${base}/module/storage/pro/purchase`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Switch on (Free)" }).click();
  await expect(page.getByText("Storage is switched on", { exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Storage" })).toBeVisible();
  await expect(page.getByText(/Storage: 0 bytes of 1 GB/)).toBeVisible();
  await axeInBothThemes(page);
  await page.getByRole("button", { name: "Switch off" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Switch off" }).click();
  await expect(page.getByText("Storage is switched off", { exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Storage" })).toHaveCount(0);
  const actions = await sql(
    (db) => db`
      select action from audit_entries where organisation_id = ${id} and resource_type = 'module'
      order by id`,
  );
  expect(actions.map((a) => a.action)).toEqual([
    "settings.module.enable",
    "settings.module.disable",
  ]);
  expect((await page.goto(`${base}/module/notAModule`))?.status()).toBe(404);

  // At 360 px the matrix scrolls inside its region; the page itself does not overflow.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${base}/permissions`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // Another organisation's admin screens answer 404.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpAndSignIn(otherPage, "orgadmin-other");
  const otherId = await registerOrganisation(otherPage, "Other Bistro");
  await other.close();
  for (const path of ["roles", "permissions", "audit", "module", "module/storage"]) {
    const answer = await page.goto(`/backoffice/organisation/${otherId}/settings/${path}`);
    expect(answer?.status(), path).toBe(404);
  }
});
