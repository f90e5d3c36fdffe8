import { expect, test } from "./support/test";
import { axeInBothThemes, expectNoSeriousA11yViolations } from "./helpers-axe";
import {
  createConfirmedUser,
  registerOrganisation,
  signInWithProfile,
  signUpAndSignIn,
  sql,
  uniqueEmail,
} from "./support/backoffice";

test("invite, accept from the profile, staff's view, role change, audit", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, "people-owner");
  const orgId = await registerOrganisation(page, "People Bakery");
  const base = `/backoffice/organisation/${orgId}/people`;

  // The member list: the owner alone.
  await page.goto(base);
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await expect(page.getByRole("link", { name: "E2E people-owner" })).toBeVisible();
  await axeInBothThemes(page);

  // Invite: bad input changes nothing; then the colleague as staff.
  await page.getByRole("link", { name: "Invite someone" }).click();
  await expect(page).toHaveURL(`${base}/create`);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(`${base}/create`);
  await expectNoSeriousA11yViolations(page);

  const colleague = uniqueEmail("people-colleague");
  await page.getByLabel("Email").fill(colleague);
  await expect(page.getByLabel("Role")).toHaveValue(/.+/);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page).toHaveURL(`${base}/invitations`);
  const row = page.getByRole("row").filter({ hasText: colleague });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("Staff");
  await axeInBothThemes(page);

  // The same address again: a clear message, nothing added.
  await page.goto(`${base}/create`);
  await page.getByLabel("Email").fill(colleague.toUpperCase());
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("This person already has a pending invitation.")).toBeVisible();
  const invitations = await sql(
    (db) => db`select id from invitations where organisation_id = ${orgId}`,
  );
  expect(invitations).toHaveLength(1);

  // The colleague signs up with the invited address in another browser and accepts.
  const other = await browser.newContext();
  const guest = await other.newPage();
  await createConfirmedUser(guest, colleague);
  await signInWithProfile(guest, colleague, "E2E colleague", "/profile/invitation");
  await expect(guest.getByRole("heading", { name: "Waiting for your answer" })).toBeVisible();
  await axeInBothThemes(guest);
  await guest.getByRole("link", { name: "People Bakery" }).click();
  await expect(guest.getByRole("heading", { name: "Invitation to People Bakery" })).toBeVisible();
  await expectNoSeriousA11yViolations(guest);
  await guest.getByRole("button", { name: "Accept" }).click();
  await guest.waitForURL(`**/backoffice/organisation/${orgId}/dashboard`);

  // Staff: the member list, but no invitations and no invite button.
  const nav = guest.getByRole("navigation", { name: "Business portal" });
  await expect(nav.getByRole("link", { name: "People" })).toBeVisible();
  await guest.goto(base);
  await expect(guest.getByRole("link", { name: "E2E colleague" })).toBeVisible();
  await expect(guest.getByRole("link", { name: "Invite someone" })).toHaveCount(0);
  expect((await guest.goto(`${base}/invitations`))?.status()).toBe(404);
  expect((await guest.goto(`${base}/create`))?.status()).toBe(404);
  expect(
    (await guest.goto(`/backoffice/organisation/${orgId}/settings/invitations`))?.status(),
  ).toBe(404);

  // Another organisation's member: 404, for outsiders and through a foreign organisation id.
  const otherOrg = await registerOrganisation(page, "People Elsewhere");
  const [foreign] = await sql(
    (db) => db<{ id: string }[]>`select id from employments where organisation_id = ${otherOrg}`,
  );
  expect(
    (await guest.goto(`/backoffice/organisation/${otherOrg}/people/${foreign!.id}`))?.status(),
  ).toBe(404);
  expect((await page.goto(`${base}/${foreign!.id}`))?.status()).toBe(404);

  // The owner gives the colleague the manager role.
  await page.goto(base);
  await page.getByRole("link", { name: "E2E colleague" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E colleague" })).toBeVisible();
  await axeInBothThemes(page);
  await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "Manager" });
  await page.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByText("Role changed to Manager", { exact: true })).toBeVisible();
  await guest.goto(`${base}/invitations`);
  await expect(guest.getByRole("heading", { level: 1, name: "Invitations" })).toBeVisible();

  // The audit trail of the journey.
  const actions = await sql(
    (db) => db<{ action: string }[]>`
      select action from audit_entries where organisation_id = ${orgId} order by id`,
  );
  expect(actions.map((a) => a.action)).toEqual(
    expect.arrayContaining([
      "people.invitation.create",
      "people.invitation.accept",
      "people.employment.changeRole",
    ]),
  );
  await other.close();
});

test("the member search reads what the URL keeps: extra spaces are one, and it settles", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpAndSignIn(page, "people-search");
  const orgId = await registerOrganisation(page, "Search Bakery");
  await page.goto(`/backoffice/organisation/${orgId}/people`);
  const lists: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith("/people")) lists.push(request.url());
  });
  // The URL keeps the text as the server reads it (lib/validation/url-values.ts): the box
  // sends that same text, so the list is asked for once, not again and again.
  await page.getByLabel("Search by name or email").fill("  E2E   people-search ");
  await expect(page).toHaveURL(/[?&]q=E2E(\+|%20)people-search(&|$)/);
  await expect(page.getByRole("link", { name: "E2E people-search" })).toBeVisible();
  await page.waitForTimeout(1_500);
  const settled = lists.length;
  expect(settled).toBeGreaterThan(0);
  expect(settled).toBeLessThanOrEqual(2);
  await page.waitForTimeout(1_500);
  expect(lists.length).toBe(settled);
  await expect(page.getByLabel("Search by name or email")).toHaveValue("  E2E   people-search ");
});
