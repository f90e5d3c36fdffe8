import { expect, test } from "./support/test";
import { axeInBothThemes } from "./helpers-axe";
import {
  followContactVerification,
  registerOrganisation,
  signUpAndSignIn,
  sql,
} from "./support/backoffice";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("profile, logo, FAQ order, contact verification, schedule; B's schedule is 404", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, "settings-owner");
  const orgId = await registerOrganisation(page, "Settings Bakery");
  const base = `/backoffice/organisation/${orgId}/settings`;

  // Profile.
  await page.goto(base);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await page.getByLabel("Description").fill("Fresh bread every morning.");
  await page.getByLabel("City").fill("Madrid");
  await page.getByLabel("Website").fill("not a site");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Invalid format")).toBeVisible();
  await page.getByLabel("Website").fill("https://bakery.example");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.", { exact: true })).toBeVisible();
  await page
    .getByTestId("logo-input")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Logo of Settings Bakery" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("City")).toHaveValue("Madrid");
  await expect(page.getByLabel("Website")).toHaveValue("https://bakery.example");
  await axeInBothThemes(page);

  // FAQ: add two, move the second up with the keyboard.
  await page.goto(`${base}/faq`);
  for (const [question, answer] of [
    ["Do you deliver?", "Yes, in Madrid."],
    ["Are you open on Sundays?", "Until 14:00."],
  ]) {
    await page.getByRole("button", { name: "Add a question" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Question").fill(question!);
    await dialog.getByLabel("Answer").fill(answer!);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
  }
  const questions = page.getByRole("list", { name: "Questions and answers" }).getByRole("heading");
  await expect(questions).toHaveText(["Do you deliver?", "Are you open on Sundays?"]);
  await page.getByRole("button", { name: "Move up: Are you open on Sundays?" }).focus();
  await page.keyboard.press("Enter");
  await expect(questions).toHaveText(["Are you open on Sundays?", "Do you deliver?"]);
  await expect(
    page.getByRole("button", { name: "Move down: Are you open on Sundays?" }),
  ).toBeFocused();
  await page.reload();
  await expect(questions).toHaveText(["Are you open on Sundays?", "Do you deliver?"]);
  await axeInBothThemes(page);
  // An edit carries the version it was opened on; a second save of the same read is stale.
  await page.getByRole("button", { name: "Edit: Do you deliver?" }).click();
  const editor = page.getByRole("dialog");
  await editor.getByLabel("Question").fill("Do you deliver to Toledo?");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toBeHidden();
  await expect(questions).toHaveText(["Are you open on Sundays?", "Do you deliver to Toledo?"]);
  const [edited] = await sql(
    (db) => db`select version from organisation_faqs
      where organisation_id = ${orgId} and question = 'Do you deliver to Toledo?'`,
  );
  expect(edited?.version).toBe(2);

  // Contact: add an address, follow the mailed link.
  const contact = `settings-contact-${Date.now()}@example.com`;
  await page.goto(`${base}/contact`);
  await page.getByLabel("Email address").fill(contact);
  await page.getByRole("button", { name: "Send a verification link" }).click();
  const row = page.getByRole("row").filter({ hasText: contact });
  await expect(row.getByText("Pending: not used yet")).toBeVisible();
  await axeInBothThemes(page);
  await followContactVerification(page, contact, "Settings Bakery");
  await expect(page.getByRole("heading", { level: 1, name: "Address verified" })).toBeVisible();
  await axeInBothThemes(page);
  await page.getByRole("link", { name: "Go to contact emails" }).click();
  await expect(
    page.getByRole("row").filter({ hasText: contact }).getByText("Verified"),
  ).toBeVisible();
  await page.getByRole("button", { name: `Make ${contact} primary` }).click();
  await expect(
    page.getByText(`${contact} is now the primary address.`, { exact: true }),
  ).toBeVisible();

  // Schedule: Monday with a break, an exception; then reopen it.
  await page.goto(`${base}/schedule`);
  await page.getByRole("link", { name: "New schedule" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Shop");
  await page.getByLabel("Time zone").selectOption("Europe/Madrid");
  await page.getByLabel("Monday, interval 1: closes").fill("13:00");
  await page.getByRole("button", { name: "Add hours to Monday" }).click();
  await page.getByLabel("Monday, interval 2: opens").fill("12:00");
  await page.getByLabel("Monday, interval 2: closes").fill("18:00");
  await page.getByRole("button", { name: "Add an exception" }).click();
  await page.getByLabel("Date").fill("2026-12-25");
  await page.getByLabel("Note").fill("Christmas");
  await page.getByRole("button", { name: "Create schedule" }).click();
  await expect(page.getByText("These hours overlap other hours of the same day.")).toBeVisible();
  await page.getByLabel("Monday, interval 2: opens").fill("15:00");
  await page.getByRole("button", { name: "Create schedule" }).click();
  await page.waitForURL(new RegExp(`${base}/schedule/[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  await expect(page.getByLabel("Monday, interval 2: opens")).toHaveValue("15:00");
  await expect(page.getByLabel("Date")).toHaveValue("2026-12-25");
  await axeInBothThemes(page);
  await page.goto(`${base}/schedule`);
  await expect(page.getByRole("link", { name: "Shop" })).toBeVisible();
  await axeInBothThemes(page);

  // Another organisation's schedule, by its URL under its own id or under ours: 404.
  const other = await sql(async (db) => {
    const [org] = await db`
      insert into organisations (name, slug) values ('Other', ${`other-${Date.now()}`}) returning id`;
    const [schedule] = await db`
      insert into schedules (organisation_id, name, time_zone) values (${org!.id}, 'Theirs', 'UTC') returning id`;
    return { orgId: org!.id as string, scheduleId: schedule!.id as string };
  });
  for (const url of [
    `/backoffice/organisation/${other.orgId}/settings/schedule/${other.scheduleId}`,
    `${base}/schedule/${other.scheduleId}`,
  ]) {
    const answer = await page.goto(url);
    expect(answer?.status()).toBe(404);
  }
});
