import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test";
import {
  createConfirmedUser,
  followContactVerification,
  registerOrganisation,
  signInWithProfile,
  signUpAndSignIn,
  uniqueEmail,
} from "./support/backoffice";

/**
 * Issue 4's journey in one run, through the screens only: an owner registers an
 * organisation and invites a colleague; the colleague accepts from their profile and is
 * refused what staff may not do; the owner creates a custom role, verifies a contact email,
 * switches storage on, uploads and downloads a file, and then reads all of it in the audit
 * trail. (Each area's own spec goes deeper: backoffice-people, -admin, -settings, -storage.)
 */
test("register, invite, accept, custom role, contact email, file, audit trail", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, "journey-owner");
  const orgId = await registerOrganisation(page, "Journey Deli");
  const base = `/backoffice/organisation/${orgId}`;

  // Invite a colleague as staff.
  const colleague = uniqueEmail("journey-colleague");
  await page.goto(`${base}/people/create`);
  await page.getByLabel("Email").fill(colleague);
  await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "Staff" });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page).toHaveURL(`${base}/people/invitations`);

  // The colleague accepts from their profile and lands on the dashboard.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await createConfirmedUser(guest, colleague);
  await signInWithProfile(guest, colleague, "E2E journey colleague", "/profile/invitation");
  await guest.getByRole("link", { name: "Journey Deli" }).click();
  await guest.getByRole("button", { name: "Accept" }).click();
  await guest.waitForURL(`**${base}/dashboard`);
  await expect(guest.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Staff see the organisation, not its administration.
  const nav = guest.getByRole("navigation", { name: "Business portal" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
  for (const path of ["/settings/roles", "/settings/audit", "/people/create"]) {
    expect((await guest.goto(`${base}${path}`))?.status(), path).toBe(404);
  }

  // A custom role.
  await page.goto(`${base}/settings/roles`);
  await page.getByRole("button", { name: "New role" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Barista");
  await dialog.getByRole("button", { name: "Create role" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("rowheader", { name: "Barista" })).toBeVisible();

  // A contact email, used once its mailed link is followed.
  const contact = `journey-contact-${Date.now()}@example.com`;
  await page.goto(`${base}/settings/contact`);
  await page.getByLabel("Email address").fill(contact);
  await page.getByRole("button", { name: "Send a verification link" }).click();
  await expect(
    page.getByRole("row").filter({ hasText: contact }).getByText("Pending: not used yet"),
  ).toBeVisible();
  await followContactVerification(page, contact, "Journey Deli");
  await expect(page.getByRole("heading", { level: 1, name: "Address verified" })).toBeVisible();

  // Storage switched on (free tier), a file uploaded and downloaded with the same bytes.
  await page.goto(`${base}/settings/module/storage`);
  await page.getByRole("button", { name: "Switch on (Free)" }).click();
  await expect(page.getByText("Storage is switched on", { exact: true })).toBeVisible();
  await page.goto(`${base}/storage`);
  await page.getByTestId("storage-file-input").setInputFiles({
    name: "menu.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Soup of the day"),
  });
  await expect(page.getByRole("cell", { name: "menu.txt", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Actions for menu.txt" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("menu.txt");
  expect(await readFile(await download.path(), "utf8")).toBe("Soup of the day");

  // The audit trail holds every write of the journey, with who made it, by labels and names
  // (never keys or ids), in English and in Spanish; so does the dashboard's recent activity.
  await page.goto(`${base}/settings/audit`);
  const table = page.getByRole("table", { name: "Audit entries, newest first" });
  const row = (action: string) =>
    table.getByRole("row").filter({ has: page.getByRole("cell", { name: action, exact: true }) });
  for (const action of [
    "Registered the organisation",
    "Invited someone",
    "Accepted an invitation",
    "Created a role",
    "Added a contact address",
    "Confirmed a contact address",
    "Turned a module on",
    "Uploaded a file",
  ]) {
    await expect(row(action), action).toHaveCount(1);
  }
  await expect(row("Accepted an invitation")).toContainText("E2E journey colleague");
  await expect(row("Created a role")).toContainText("E2E journey-owner");
  await expect(row("Uploaded a file")).toContainText("File");
  await expect(row("Uploaded a file")).toContainText("menu.txt");
  await expect(row("Turned a module on")).toContainText("Storage");
  await row("Turned a module on").getByText("Show changes").click();
  await expect(row("Turned a module on").getByRole("rowheader", { name: "Plan" })).toBeVisible();
  await expect(
    row("Turned a module on").getByRole("cell", { name: "Free", exact: true }),
  ).toBeVisible();
  await expect(
    row("Turned a module on").getByRole("cell", { name: "Yes", exact: true }),
  ).toBeVisible();
  await expect(row("Registered the organisation")).toContainText("Journey Deli");
  const noKeys = async (text: string) => {
    expect(text).not.toMatch(/\b(?:settings|people|storage)\.[a-zA-Z]+\.[a-zA-Z]+\b/);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  };
  await noKeys(await table.innerText());
  await page.goto(`${base}/dashboard`);
  // The widget streams in its own boundary: until React reveals it, its HTML also waits in a
  // hidden holder, so only the visible list is the one a person reads.
  const activity = page.getByTestId("recent-activity").filter({ visible: true });
  await expect(activity).toContainText("Uploaded a file · menu.txt");
  await noKeys(await activity.innerText());

  await page
    .context()
    .addCookies([{ name: "NEXT_LOCALE", value: "es", url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(activity).toContainText("Subió un archivo · menu.txt");
  await noKeys(await activity.innerText());
  await page.goto(`${base}/settings/audit`);
  const tabla = page.getByRole("table", {
    name: "Entradas de auditoría, las más recientes primero",
  });
  await expect(
    tabla.getByRole("row").filter({ has: page.getByRole("cell", { name: "Subió un archivo" }) }),
  ).toContainText("Archivo");
  await expect(tabla.getByRole("cell", { name: "Activó un módulo", exact: true })).toBeVisible();
  await expect(tabla.getByRole("cell", { name: "Creó un rol", exact: true })).toBeVisible();
  await noKeys(await tabla.innerText());
  await expect(
    page.getByLabel("Acción").locator("option", { hasText: "Subió un archivo" }),
  ).toHaveAttribute("value", "storage.file.upload");
  await context.close();
});
