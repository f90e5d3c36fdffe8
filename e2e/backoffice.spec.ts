import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./helpers-axe";
import { registerOrganisation, signUpAndSignIn, sql } from "./support/backoffice";

/**
 * The back office's own journey: the portal lists no organisation, one is registered
 * through its page (the creator is its owner), the frame shows the portal title and the
 * organisation, and a stranger gets 404 for it.
 */
test("register an organisation, land on its dashboard, and strangers get 404", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpAndSignIn(page, "founder");
  await expect(page.getByRole("heading", { level: 1, name: "My organisations" })).toBeVisible();
  await expect(page.getByText("No organisation yet")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Start a new organisation" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Register an organisation" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Register organisation" }).click();
  await expect(page.getByText("This field is required").first()).toBeVisible();
  await page.getByLabel("Name").fill("Tapas Bar");
  await expect(page.getByLabel("Address")).toHaveValue("tapas-bar");
  await page.getByLabel("Address").fill("admin");
  await page.getByRole("button", { name: "Register organisation" }).click();
  await expect(page.getByText("Invalid format")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const id = await registerOrganisation(page, "Tapas Bar");
  await expect(page.getByText("Live Market - Business Portal", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Dashboard · Live Market - Business Portal/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("1 active member")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Business portal" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("link", { name: "Storage" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const owner = await sql(
    (db) => db`
      select r.builtin_key from employments e join roles r on r.id = e.role_id
      where e.organisation_id = ${id}`,
  );
  expect(owner).toEqual([{ builtin_key: "owner" }]);

  // The same slug again: a clear message on the field, nothing created.
  const taken = await sql((db) => db`select slug from organisations where id = ${id}`);
  await page.goto("/backoffice/register-organisation");
  await page.getByLabel("Name").fill("Tapas Bar");
  await page.getByLabel("Address").fill(String(taken[0]?.slug));
  await page.getByRole("button", { name: "Register organisation" }).click();
  await expect(page.getByText("This address is already taken. Choose another.")).toBeVisible();

  await page.goto("/backoffice");
  await expect(page.getByRole("link", { name: "Open Tapas Bar" })).toBeVisible();

  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await signUpAndSignIn(strangerPage, "stranger");
  const answer = await strangerPage.goto(`/backoffice/organisation/${id}/dashboard`);
  expect(answer?.status()).toBe(404);
  await expect(
    strangerPage.getByRole("heading", { level: 1, name: "Page not found" }),
  ).toBeVisible();
  await stranger.close();
});

test("the address follows the name, but never changes while its field has the focus", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpAndSignIn(page, "slugger");
  await page.goto("/backoffice/register-organisation");
  await expect(page.getByRole("button", { name: "Register organisation" })).toBeEnabled();
  const address = page.getByLabel("Address");

  // Typed into the name alone, the address follows it.
  await page.getByLabel("Name").fill("Corner Shop");
  await expect(address).toHaveValue("corner-shop");

  // The name changed while the person is in the address (the browser's autofill, or the
  // schema module answering late on a busy machine): the address must not change under the
  // cursor, or what is typed next lands after it ("corner-shop-twomy-shop").
  await page.goto("/backoffice/register-organisation");
  await expect(page.getByRole("button", { name: "Register organisation" })).toBeEnabled();
  await address.click();
  await page.getByLabel("Name").evaluate((input: HTMLInputElement, value: string) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, "Corner Shop Two");
  await expect(page.getByLabel("Name")).toHaveValue("Corner Shop Two");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  await expect(address).toBeFocused();
  await expect(address).toHaveValue("");
  await address.pressSequentially("my-shop");
  await expect(address).toHaveValue("my-shop");
});

test("the frame works at 360 and 390 px: every area in sight, emails on one line", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { email } = await signUpAndSignIn(page, "narrow");
  const id = await registerOrganisation(page, "Small Shop");
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The organisation switcher: a disclosure drawn on the server, its menu inside the screen.
  const switcher = page.getByLabel(/Current organisation: Small Shop/);
  await expect(switcher).toBeVisible();
  await switcher.click();
  const all = page.getByRole("link", { name: "All my organisations" });
  await expect(all).toBeVisible();
  const menu = await all.evaluate((link) => link.parentElement?.getBoundingClientRect().right);
  expect(menu).toBeLessThanOrEqual(360);
  await expect(page.getByRole("link", { name: "New organisation" })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await switcher.click();
  await expect(all).toBeHidden();

  // Storage on: seven areas in the menu (dashboard, people, reviews, storage, payments, billing,
  // settings).
  await page.goto(`/backoffice/organisation/${id}/settings/module/storage`);
  await page.getByRole("button", { name: "Switch on (Free)" }).click();
  await expect(page.getByText("Storage is switched on", { exact: true })).toBeVisible();

  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto(`/backoffice/organisation/${id}/people`);
    await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
    expect(await overflow(), `${width}`).toBeLessThanOrEqual(0);
    // Every area of the menu is on screen: none is cut off or scrolled out of view.
    const areas = page.getByRole("navigation", { name: "Business portal" }).getByRole("link");
    await expect(areas).toHaveCount(7);
    for (const box of await areas.evaluateAll((links) =>
      links.map((link) => {
        const rect = link.getBoundingClientRect();
        return { left: rect.left, right: rect.right, text: link.textContent };
      }),
    )) {
      expect(box.left, box.text ?? "").toBeGreaterThanOrEqual(0);
      expect(box.right, box.text ?? "").toBeLessThanOrEqual(width);
    }
    // The member's email reads on one line, not one character per line.
    const cell = page.getByRole("cell", { name: email });
    await expect(cell).toBeVisible();
    const lines = await cell.evaluate((td) => {
      const text = td.querySelector("span") ?? td;
      const range = document.createRange();
      range.selectNodeContents(text);
      const rects = [...range.getClientRects()];
      return { lines: new Set(rects.map((r) => Math.round(r.top))).size, width: td.clientWidth };
    });
    expect(lines.lines, `${width}`).toBe(1);
    expect(lines.width, `${width}`).toBeGreaterThan(150);
  }
});
