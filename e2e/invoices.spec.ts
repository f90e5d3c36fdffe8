import { readFile } from "node:fs/promises";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { memberOnUpdatePage } from "./support/accounts";
import { seedInvoicesFor } from "./support/invoices";
import { expect, test } from "./support/test";
import { noSidewaysScroll } from "./support/viewport";

/**
 * The buyer's invoices (docs/invoices.md): a registered consumer with an invoice and a credit
 * note (seeded in the database: orders issue them in their own flow) finds them from the
 * profile, opens the invoice, sees its lines, totals and credit note, downloads the PDF; the
 * pages pass axe and fit 360 and 390 px. Another member gets 404 for both the page and the PDF.
 */
test("a consumer lists, opens and downloads their invoices; nobody else can", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await memberOnUpdatePage(page, "invoices", "Robin");
  const seeded = await seedInvoicesFor(email);

  await page.goto("/profile");
  await page.getByRole("link", { name: "My invoices" }).click();
  await expect(page).toHaveURL(/\/profile\/invoice$/);
  await expect(page.getByRole("heading", { level: 1, name: "My invoices" })).toBeVisible();
  const cards = page.getByTestId("invoice-card");
  await expect(cards).toHaveCount(2);
  // Newest first: the credit note, then the invoice.
  await expect(cards.nth(0)).toContainText(seeded.creditNote.number);
  await expect(cards.nth(0)).toContainText("Credit note");
  await expect(cards.nth(0)).toContainText("€12.10");
  await expect(cards.nth(1)).toContainText(seeded.invoice.number);
  await expect(cards.nth(1)).toContainText("Live Market Demo");
  await expect(cards.nth(1)).toContainText("€29.40");
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page, [360, 390]);

  await page.getByRole("link", { name: `Open ${seeded.invoice.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/invoice/${seeded.invoice.id}$`));
  await expect(
    page.getByRole("heading", { level: 1, name: `Invoice ${seeded.invoice.number}` }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Seller" })).toContainText("B12345678");
  await expect(page.getByRole("region", { name: "Billed to" })).toContainText("Robin Peña");
  const lines = page.getByRole("table", { name: "Lines" });
  await expect(lines.getByRole("row")).toHaveCount(3);
  await expect(lines).toContainText("Ceramic mug");
  await expect(lines).toContainText("€12.10");
  await expect(page.getByTestId("invoice-totals")).toContainText("€29.40");
  await expect(page.getByTestId("invoice-totals")).toContainText("€4.40");
  await expect(page.getByRole("table", { name: "Tax breakdown" })).toContainText("21%");
  await expect(page.getByRole("link", { name: seeded.creditNote.number })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await noSidewaysScroll(page, [360, 390]);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: `Download ${seeded.invoice.number} as PDF` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${seeded.invoice.number}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // A second download serves the stored bytes.
  const again = await page.request.get(`/api/invoices/${seeded.invoice.id}/pdf`);
  expect(again.headers()["content-type"]).toBe("application/pdf");
  expect(Buffer.from(await again.body()).equals(bytes)).toBe(true);

  // The credit note links back to its invoice.
  await page.goto(`/profile/invoice/${seeded.creditNote.id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Credit note ${seeded.creditNote.number}` }),
  ).toBeVisible();
  await expect(page.getByText("Reason: Broken in transit")).toBeVisible();
  await expect(
    page.getByRole("link", { name: `This credit note refunds invoice ${seeded.invoice.number}.` }),
  ).toBeVisible();

  // Another member: 404 for the page and the PDF.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await memberOnUpdatePage(otherPage, "invoices-other", "Sam");
  const refused = await otherPage.goto(`/profile/invoice/${seeded.invoice.id}`);
  expect(refused?.status()).toBe(404);
  const refusedPdf = await otherPage.request.get(`/api/invoices/${seeded.invoice.id}/pdf`);
  expect(refusedPdf.status()).toBe(404);
  await other.close();
});
