import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "./support/test";
import { noSidewaysScroll } from "./support/viewport";
import { axeInBothThemes, expectNoSeriousA11yViolations } from "./helpers-axe";
import {
  createConfirmedUser,
  registerOrganisation,
  signInWithProfile,
  signUpAndSignIn,
  sql,
  uniqueEmail,
} from "./support/backoffice";

/**
 * The brand screens of the commerce module: the module is off (the owner is offered to switch
 * it on), is switched on (as a seed factory: the module settings have their own spec); a brand
 * is refused for bad input and for a name already used (in other letters), then created,
 * renamed, found by the list's search (with and without JavaScript) and deleted after a
 * confirmation that says how many products lose it. Staff (commerce.product.read without
 * commerce.brand.write) see the brands read-only; an outsider and another organisation's
 * brand answer 404. Screens pass axe (both themes) and never scroll sideways from 360 to
 * 1440 px (390 px included).
 */

/** The brand's name field (its label carries the required mark). */
function nameField(page: Page) {
  return page.getByRole("textbox", { name: "Name", exact: true });
}

async function brandsOf(organisationId: string) {
  const rows = await sql(
    (db) => db`
      select id, name, description, website, version from brands
      where organisation_id = ${organisationId} order by name`,
  );
  return [...rows];
}

test("brands: create, duplicate refused, rename, search, delete; staff read-only; others 404", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signUpAndSignIn(page, "brands-owner");
  const orgId = await registerOrganisation(page, "Brand Outfitters");
  const base = `/backoffice/organisation/${orgId}/commerce/brand`;

  // Off: the owner is offered to switch the module on.
  await page.goto(base);
  await expect(page.getByRole("heading", { name: "Commerce is not switched on" })).toBeVisible();
  await sql(
    (db) => db`
      insert into organisation_modules (organisation_id, module, tier)
      values (${orgId}, 'commerce', 'free')
      on conflict (organisation_id, module) do update set enabled = true`,
  );

  // The empty list.
  await page.goto(base);
  await expect(page.getByRole("heading", { level: 1, name: "Brands" })).toBeVisible();
  await expect(page).toHaveTitle(/^Brands · /);
  await expect(page.getByRole("heading", { name: "No brand yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Bad input: the field's message, nothing written.
  await page.getByRole("link", { name: "New brand" }).first().click();
  await page.waitForURL(`**${base}/create`);
  await expect(page.getByRole("heading", { level: 1, name: "New brand" })).toBeVisible();
  await page.getByRole("button", { name: "Create brand" }).click();
  await expect(page.getByText("This field is required")).toBeVisible();
  await expect(nameField(page)).toHaveAttribute("aria-invalid", "true");
  await nameField(page).fill("Acme");
  await page.getByLabel("Website").fill("not a site");
  await page.getByRole("button", { name: "Create brand" }).click();
  await expect(page.getByText("Invalid format")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);
  expect(await brandsOf(orgId)).toEqual([]);

  // Create: the brand's page opens.
  await page.getByLabel("Description").fill("Tools that last a lifetime.");
  await page.getByLabel("Website").fill("https://www.acme.example/");
  await page.getByRole("button", { name: "Create brand" }).click();
  await page.waitForURL(new RegExp(`${base}/[0-9a-f-]{36}$`));
  await expect(page.getByText("Brand created.", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Acme" })).toBeVisible();
  await expect(page.getByText("No product uses this brand yet.")).toBeVisible();
  await expect(page.getByLabel("Website")).toHaveValue("https://www.acme.example/");
  const acmeUrl = page.url();
  const acmeId = acmeUrl.slice(-36);

  // The same name in other letters: refused on the field, nothing created.
  await page.goto(`${base}/create`);
  await nameField(page).fill("acme");
  await page.getByRole("button", { name: "Create brand" }).click();
  await expect(page.getByText("Something with this name already exists here.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/create$`));
  expect((await brandsOf(orgId)).map((b) => b.name)).toEqual(["Acme"]);

  // A second brand, for the search.
  await nameField(page).fill("Zenith");
  await page.getByRole("button", { name: "Create brand" }).click();
  await page.waitForURL(new RegExp(`${base}/[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Zenith" })).toBeVisible();
  const zenithUrl = page.url();

  // Rename: saved with the next version; the heading follows.
  await page.goto(acmeUrl);
  await nameField(page).fill("Acme Tools");
  await page.getByRole("button", { name: "Save brand" }).click();
  await expect(page.getByText("Brand saved.", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Acme Tools" })).toBeVisible();
  const renamed = (await brandsOf(orgId)).find((b) => b.id === acmeId);
  expect(renamed).toMatchObject({
    name: "Acme Tools",
    description: "Tools that last a lifetime.",
    website: "https://www.acme.example/",
    version: 2,
  });
  await expectNoSeriousA11yViolations(page);

  // A product of the organisation uses Acme Tools (seeded: the product screens have their spec).
  const productId = await sql(async (db) => {
    const [listing] = await db`
      insert into listings (organisation_id, kind, slug, title, category, currency)
      values (${orgId}, 'product', 'claw-hammer', 'Claw hammer', 'electronics', 'EUR')
      returning id`;
    await db`
      insert into products (listing_id, organisation_id, brand_id)
      values (${listing!.id}, ${orgId}, ${acmeId})`;
    return listing!.id as string;
  });

  // The list: both brands, the website as an external link, the products counted.
  await page.goto(base);
  const table = page.getByRole("table", { name: "Brands" });
  const acmeRow = table.getByRole("row").filter({ hasText: "Acme Tools" });
  await expect(acmeRow.getByRole("link", { name: "Acme Tools" })).toHaveAttribute(
    "href",
    new URL(acmeUrl).pathname,
  );
  const website = acmeRow.getByRole("link", { name: /acme\.example/ });
  await expect(website).toHaveAttribute("href", "https://www.acme.example/");
  await expect(website).toHaveAttribute("rel", "noopener noreferrer");
  await expect(acmeRow.getByRole("cell", { name: "1", exact: true })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Zenith" })).toContainText("None");
  await axeInBothThemes(page);
  await noSidewaysScroll(page);

  // Search: the name, in any letters; a search that finds nothing says so.
  const search = page.getByRole("search", { name: "Search brands" });
  await search.getByLabel("Brand name").fill("TOOLS");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=TOOLS$/);
  const results = page.getByRole("table", { name: "Brands matching “TOOLS”" });
  await expect(results.getByRole("link", { name: "Acme Tools" })).toBeVisible();
  await expect(results.getByRole("link", { name: "Zenith" })).toHaveCount(0);
  await search.getByLabel("Brand name").fill("nothing");
  await search.getByLabel("Brand name").press("Enter");
  await expect(page.getByRole("heading", { name: "No brand matches “nothing”" })).toBeVisible();
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(page.getByRole("link", { name: "Zenith" })).toBeVisible();

  // The search is a plain form: it works without JavaScript too.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto(base);
  await plain.getByLabel("Brand name").fill("zen");
  await plain.getByRole("button", { name: "Search" }).click();
  await expect(plain).toHaveURL(/\?q=zen$/);
  await expect(plain.getByRole("link", { name: "Zenith" })).toBeVisible();
  await expect(plain.getByRole("link", { name: "Acme Tools" })).toHaveCount(0);
  await noScript.close();

  // Staff may read the catalogue but not write brands: no "New brand", a read-only form.
  const staffEmail = uniqueEmail("brands-staff");
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await createConfirmedUser(staff, staffEmail);
  await sql(
    (db) => db`
      insert into employments (organisation_id, user_id, role_id)
      select ${orgId}, u.id, r.id from auth.users u, roles r
      where u.email = ${staffEmail} and r.organisation_id = ${orgId} and r.builtin_key = 'staff'`,
  );
  await signInWithProfile(staff, staffEmail, "E2E brands staff");
  await staff.goto(base);
  await expect(staff.getByRole("heading", { level: 1, name: "Brands" })).toBeVisible();
  await expect(staff.getByRole("link", { name: "Zenith" })).toBeVisible();
  await expect(staff.getByRole("link", { name: "New brand" })).toHaveCount(0);
  await staff.goto(zenithUrl);
  await expect(staff.getByRole("heading", { level: 1, name: "Zenith" })).toBeVisible();
  await expect(
    staff.getByText("You can see this brand; changing it needs the permission to edit brands."),
  ).toBeVisible();
  await expect(nameField(staff)).toBeDisabled();
  await expect(staff.getByLabel("Website")).toBeDisabled();
  await expect(staff.getByRole("button", { name: "Save brand" })).toHaveCount(0);
  await expect(staff.getByRole("button", { name: "Delete brand" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(staff);
  expect((await staff.goto(`${base}/create`))?.status()).toBe(404);
  await staffContext.close();

  // Delete, confirmed: the dialog counts the products that lose the brand; they stay.
  await page.goto(acmeUrl);
  await expect(page.getByText("1 product uses this brand.")).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole("button", { name: "Delete brand" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this brand?" });
  await expect(dialog).toContainText(
    "“Acme Tools” will be deleted. 1 product will lose its brand; the product itself stays.",
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Delete brand" })).toBeFocused();
  await page.getByRole("button", { name: "Delete brand" }).press("Enter");
  await dialog.getByRole("button", { name: "Delete brand" }).click();
  await page.waitForURL(new RegExp(`${base}$`));
  await expect(page.getByText("Brand Acme Tools deleted.", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Acme Tools" })).toHaveCount(0);
  expect((await brandsOf(orgId)).map((b) => b.name)).toEqual(["Zenith"]);
  const [product] = await sql(
    (db) => db`select brand_id from products where listing_id = ${productId}`,
  );
  expect(product).toEqual({ brand_id: null });

  // In Spanish.
  await page
    .context()
    .addCookies([{ name: "NEXT_LOCALE", value: "es", url: new URL(page.url()).origin }]);
  await page.goto(base);
  await expect(page.getByRole("heading", { level: 1, name: "Marcas" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Nueva marca" })).toBeVisible();
  await page.goto(zenithUrl);
  await expect(page.getByRole("button", { name: "Guardar marca" })).toBeVisible();
  await page
    .context()
    .addCookies([{ name: "NEXT_LOCALE", value: "en", url: new URL(page.url()).origin }]);

  // Another organisation's brand, under its id or under ours: 404.
  const other = randomUUID();
  const theirs = randomUUID();
  await sql(async (db) => {
    await db`insert into organisations (id, name, slug) values (${other}, 'Other', ${`other-${other.slice(0, 8)}`})`;
    await db`insert into organisation_modules (organisation_id, module) values (${other}, 'commerce')`;
    await db`insert into brands (id, organisation_id, name) values (${theirs}, ${other}, 'Theirs')`;
  });
  for (const url of [
    `/backoffice/organisation/${other}/commerce/brand`,
    `/backoffice/organisation/${other}/commerce/brand/${theirs}`,
    `${base}/${theirs}`,
  ]) {
    expect((await page.goto(url))?.status(), url).toBe(404);
  }

  // An outsider: 404 on the list and on a brand.
  const outsiderContext = await browser.newContext();
  const outsider = await outsiderContext.newPage();
  await signUpAndSignIn(outsider, "brands-outsider");
  for (const url of [base, zenithUrl, `${base}/create`]) {
    expect((await outsider.goto(url))?.status(), url).toBe(404);
  }
  await outsiderContext.close();
});
