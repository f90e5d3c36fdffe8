import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { registerOrganisation, signUpAndSignIn, sql } from "./support/backoffice";

/**
 * The storage journey: the module is off (the owner sees the "enable" screen), is switched on
 * (as a seed factory: the module settings have their own spec), then a folder is created,
 * files are uploaded by the picker and by drag and drop, an image is previewed, a file is
 * renamed, moved, downloaded (same bytes) and a folder deleted. Another organisation's file
 * answers 404.
 */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function rowActions(page: Page, name: string) {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
}

async function dropFile(page: Page, name: string, content: string) {
  const transfer = await page.evaluateHandle(
    ([fileName, text]) => {
      const data = new DataTransfer();
      data.items.add(new File([text], fileName, { type: "text/plain" }));
      return data;
    },
    [name, content] as const,
  );
  const zone = page.getByTestId("storage-dropzone");
  await zone.dispatchEvent("dragenter", { dataTransfer: transfer });
  await zone.dispatchEvent("dragover", { dataTransfer: transfer });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
}

test("storage: folders, uploads, preview, rename, move, download, delete; others' files are 404", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, "storage");
  const orgId = await registerOrganisation(page, "Storage Shop");
  const storagePath = `/backoffice/organisation/${orgId}/storage`;

  // Off: the owner is offered to switch it on.
  await page.goto(storagePath);
  await expect(page.getByRole("heading", { name: "Storage is not switched on" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Set up Storage" })).toHaveAttribute(
    "href",
    `/backoffice/organisation/${orgId}/settings/module/storage`,
  );

  await sql(
    (db) => db`
      insert into organisation_modules (organisation_id, module, tier)
      values (${orgId}, 'storage', 'free')
      on conflict (organisation_id, module) do update set enabled = true`,
  );
  await page.goto(storagePath);
  await expect(page.getByRole("heading", { level: 1, name: "Storage" })).toBeVisible();
  await expect(page.getByTestId("storage-usage")).toHaveText("0 bytes of 1 GB used");
  await expect(page.getByRole("heading", { name: "This folder is empty" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A folder, then the same name again in other letters: a clear message, nothing created.
  await page.getByRole("button", { name: "New folder" }).click();
  await page.getByLabel("Folder name").fill("Photos");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByRole("link", { name: "Open folder Photos" })).toBeVisible();
  await page.getByRole("button", { name: "New folder" }).click();
  await page.getByLabel("Folder name").fill("photos");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Something with this name already exists here.")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();

  // Into the folder: the breadcrumb and the URL follow.
  await page.getByRole("link", { name: "Open folder Photos" }).click();
  await page.waitForURL(/\?folder=[0-9a-f-]{36}$/);
  const breadcrumb = page.getByRole("navigation", { name: "Folder path" });
  await expect(breadcrumb.getByText("Photos")).toHaveAttribute("aria-current", "page");

  // Upload by the file picker (an image: previewed) and by drag and drop.
  await page.getByTestId("storage-file-input").setInputFiles({
    name: "pixel.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  const preview = page.getByRole("img", { name: "Preview of pixel.png" });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  await dropFile(page, "notes.txt", "Minutes of the meeting");
  await expect(page.getByRole("cell", { name: "notes.txt", exact: true })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Upload of notes.txt" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );

  // A forbidden type (an executable under a PDF's name, refused by the server from its
  // bytes): a clear message, nothing stored.
  await page.getByTestId("storage-file-input").setInputFiles({
    name: "invoice.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]),
  });
  await expect(
    page.getByRole("listitem").filter({ hasText: "invoice.pdf" }).getByRole("alert"),
  ).toHaveText("This type of file is not allowed.");
  const stored = await sql(
    (db) => db`select name from organisation_files where organisation_id = ${orgId} order by name`,
  );
  expect(stored.map((row) => String(row.name)).sort()).toEqual([
    "Photos",
    "notes.txt",
    "pixel.png",
  ]);
  await expectNoSeriousA11yViolations(page);

  // Rename, then move to the top level.
  await rowActions(page, "notes.txt");
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByLabel("New name").fill("minutes.txt");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Renamed to minutes.txt", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "minutes.txt", exact: true })).toBeVisible();
  await rowActions(page, "minutes.txt");
  await page.getByRole("menuitem", { name: "Move" }).click();
  await page.getByLabel("Destination").selectOption({ label: "All files" });
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("minutes.txt moved", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "minutes.txt", exact: true })).toHaveCount(0);
  await breadcrumb.getByRole("link", { name: "All files" }).click();
  await expect(page.getByRole("cell", { name: "minutes.txt", exact: true })).toBeVisible();

  // Download: an attachment with the same bytes and name.
  await rowActions(page, "minutes.txt");
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("minutes.txt");
  expect(await readFile(await download.path(), "utf8")).toBe("Minutes of the meeting");

  // Delete the folder with its image (confirmed).
  await rowActions(page, "Photos");
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(
    page.getByText("The folder and everything inside it will be deleted.", { exact: false }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Photos deleted", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open folder Photos" })).toHaveCount(0);
  const left = await sql(
    (db) => db`select name from organisation_files where organisation_id = ${orgId} order by name`,
  );
  expect(left).toEqual([{ name: "minutes.txt" }]);

  // From 360 px to 2560 px the page never scrolls sideways (the table scrolls in its box).
  for (const width of [360, 2560]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("cell", { name: "minutes.txt", exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Light theme too.
  await page.evaluate(() => window.localStorage.setItem("lm-theme", "light"));
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/light/);
  await expectNoSeriousA11yViolations(page);

  // A body above the proxy's 10 MB buffer reaches the route whole (the matcher skips it).
  const big = Buffer.alloc(12 * 1024 * 1024, 7);
  const upload = await page.request.post(`/api/organisations/${orgId}/files?name=big.bin`, {
    data: big,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const [bigRow] = await sql(
    (db) =>
      db`select size from organisation_files where organisation_id = ${orgId} and name = 'big.bin'`,
  );
  expect(Number(bigRow?.size)).toBe(big.length);

  // Another organisation's file and folder: 404 by every door.
  const other = randomUUID();
  const folder = randomUUID();
  const file = randomUUID();
  await sql(async (db) => {
    await db`insert into organisations (id, name, slug) values (${other}, 'Other', ${`other-${other.slice(0, 8)}`})`;
    await db`insert into organisation_modules (organisation_id, module) values (${other}, 'storage')`;
    await db`insert into organisation_files (id, organisation_id, kind, name) values (${folder}, ${other}, 'folder', 'Theirs')`;
    await db`
      insert into organisation_files (id, organisation_id, parent_id, kind, name, size, content_type, storage_key)
      values (${file}, ${other}, ${folder}, 'file', 'secret.txt', 6, 'text/plain', ${`org/${other}/${randomUUID()}`})`;
  });
  for (const url of [
    `/api/organisations/${other}/files/${file}`,
    `/api/organisations/${orgId}/files/${file}`,
    `/api/organisations/${orgId}/files/${file}?inline=1`,
  ]) {
    expect((await page.request.get(url)).status(), url).toBe(404);
  }
  expect((await page.goto(`${storagePath}?folder=${folder}`))?.status()).toBe(404);
  expect((await page.goto(`/backoffice/organisation/${other}/storage`))?.status()).toBe(404);
});
