import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "./support/test";
import { noSidewaysScroll } from "./support/viewport";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { registerOrganisation, signUpAndSignIn, sql } from "./support/backoffice";

/**
 * CSV export and import of products (issue 11 §2, §6 "CSV export then re-import of the same
 * file changes nothing"): the list's "Export CSV" link downloads the catalogue; importing
 * that file says everything is unchanged and writes nothing; an edited file creates and
 * updates exactly what it changes (and the list shows it); a file with a bad row shows the
 * problems by row and column and writes nothing. The dialog passes axe and fits 360 px.
 */
async function catalogueRows(orgId: string) {
  return sql(
    (db) => db`
      select l.id, l.slug, l.title, l.status, l.version, l.updated_at, l.price_from_minor,
             v.id as variant_id, v.option_values, v.sku, v.price_minor, v.stock, v.position
        from listings l join product_variants v on v.product_id = l.id
       where l.organisation_id = ${orgId}
       order by l.slug, v.position, v.id`,
  );
}

async function importFile(page: Page, name: string, content: string) {
  const dialog = page.getByRole("dialog", { name: "Import products from a CSV file" });
  await dialog.getByLabel("CSV file").setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(content, "utf8"),
  });
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  return dialog;
}

test("products go out as CSV and come back: unchanged, edited, refused", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, "csv-owner");
  const orgId = await registerOrganisation(page, "Csv Corner");
  await sql(
    (db) => db`
      insert into organisation_modules (organisation_id, module, tier)
      values (${orgId}, 'commerce', 'free')`,
  );
  const list = `/backoffice/organisation/${orgId}/commerce/product`;

  // One product made with the form.
  await page.goto(`${list}/create`);
  await page.getByLabel("Title").fill("Desk Lamp");
  await page.getByLabel(/^Price/).fill("24.50");
  await page.getByLabel("Category").selectOption("home");
  await page.getByRole("button", { name: "Create product" }).click();
  await page.waitForURL(new RegExp(`${list}/[0-9a-f-]{36}$`));

  // Export: a plain link that downloads the catalogue.
  await page.goto(list);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^products-csv-corner-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const exported = await readFile((await download.path())!, "utf8");
  expect(exported.charCodeAt(0)).toBe(0xfeff);
  const lines = exported.slice(1).split("\r\n");
  expect(lines[0]).toMatch(/^handle,title,status,category,brand,/);
  expect(lines[1]).toMatch(/^desk-lamp,Desk Lamp,draft,home,,standard,/);

  // Re-import the same file: everything unchanged, nothing written.
  const before = await catalogueRows(orgId);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import products from a CSV file" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await importFile(page, download.suggestedFilename(), exported);
  const result = dialog.getByTestId("import-result");
  await expect(result.getByRole("heading", { name: "Import finished" })).toBeVisible();
  await expect(result).toBeFocused();
  await expect(result).toContainText("Everything in the file was already up to date");
  await expect(result).toContainText("1 product unchanged");
  expect(await catalogueRows(orgId)).toEqual(before);

  // A bad row: the problems by row and column, nothing written.
  const wrongStatus = exported.replace("desk-lamp,Desk Lamp,draft", "desk-lamp,Desk Lamp,live");
  await importFile(page, "bad.csv", wrongStatus);
  const problems = dialog.getByRole("table", { name: "Problems in the file, by row and column" });
  await expect(problems).toBeVisible();
  await expect(result).toBeFocused();
  await expect(
    result.getByRole("heading", { name: "1 problem found. Nothing was imported." }),
  ).toBeVisible();
  const cells = () =>
    problems
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent)),
      );
  expect(await cells()).toEqual([
    ["2", "status", "Status must be one of: draft, published, archived."],
  ]);
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page);
  await importFile(page, "bad.csv", wrongStatus.replace(",24.50,", ",24.5O,"));
  await expect(problems.locator("tbody tr")).toHaveCount(2);
  expect(await cells()).toEqual([
    ["2", "status", "Status must be one of: draft, published, archived."],
    ["2", "price", "Price must be a number like 19.99."],
  ]);
  expect(await catalogueRows(orgId)).toEqual(before);

  // An edited file: a new product and a new price, exactly those written; the list shows them.
  const header = lines[0]!;
  const columns = header.split(",");
  const newRow = columns
    .map(
      (column) =>
        ({
          handle: "wall-clock",
          title: "Wall Clock",
          status: "draft",
          category: "home",
          brand: "Tick Co",
          tax_class: "standard",
          price: "31.00",
          track_stock: "true",
          stock: "4",
        })[column] ?? "",
    )
    .join(",");
  const edited = `${exported.replace(",24.50,", ",19.90,")}${newRow}\r\n`;
  await importFile(page, "edited.csv", edited);
  await expect(result).toContainText("1 product created");
  await expect(result).toContainText("1 product updated");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Import CSV" })).toBeFocused();
  await page.reload();
  await expect(page.getByRole("link", { name: "Wall Clock" })).toBeVisible();
  await expect(page.getByRole("cell", { name: /19\.90/ })).toBeVisible();
  const after = await catalogueRows(orgId);
  expect(after.map((row) => [row.slug, Number(row.price_minor)])).toEqual([
    ["desk-lamp", 1990],
    ["wall-clock", 3100],
  ]);
  expect(after[0]?.variant_id).toBe(before[0]?.variant_id);
  expect(after[0]?.version).toBe((before[0]?.version as number) + 1);
});
