import { expect, test, type Page } from "./support/test";
import { expectNoSeriousA11yViolations } from "./helpers-axe";

/**
 * The hub's product sections (issue 11 §3): loaded after the page is interactive from
 * GET /api/listings/highlights, below the category grid; the page itself stays prerendered
 * (the CSP fixture sees every hash-policy violation). The demo marketplace's shop is in
 * Madrid (lib/commerce/demo-catalogue.ts).
 */
const madrid = { latitude: 40.4262, longitude: -3.7038 };

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

function sections(page: Page) {
  const root = page.getByTestId("hub-highlights");
  return {
    root,
    newest: root.getByRole("region", { name: "New in the marketplace" }),
    topRated: root.getByRole("region", { name: "Top rated" }),
  };
}

for (const width of [360, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the sections show demo products that link to their pages", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByTestId("hub-browser")).toBeVisible();
      const { root, newest, topRated } = sections(page);
      // The sections load when the visitor comes near them.
      await root.scrollIntoViewIfNeeded();
      await expect(newest.getByRole("heading", { level: 2 })).toBeVisible();
      await expect(newest.getByRole("listitem").first()).toBeVisible();
      await expect(topRated.getByRole("listitem").first()).toBeVisible();
      expect(await newest.getByRole("listitem").count()).toBeLessThanOrEqual(8);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);

      // The last of the newest: a product another test publishes meanwhile (they run in
      // parallel) may come first, and be unpublished again before the click.
      const first = newest.getByRole("link").last();
      const title = (await first.textContent()) ?? "";
      await expect(first).toHaveAttribute("href", /^\/commerce\/product\/[0-9a-f-]{36}$/);
      await first.click();
      await expect(page).toHaveURL(/\/commerce\/product\//);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(title.trim());
    });
  });
}

test.describe("near you", () => {
  test.use({ geolocation: madrid, permissions: ["geolocation"] });

  test("with the location allowed, shows products near Madrid", async ({ page }) => {
    await page.goto("/");
    const root = page.getByTestId("hub-highlights");
    await root.scrollIntoViewIfNeeded();
    await root.getByRole("button", { name: "Show products near me" }).click();
    const near = root.getByRole("region", { name: "Near you" });
    await expect(near.getByRole("listitem").first()).toBeVisible();
    await expect(near.getByRole("link").first()).toHaveAttribute("href", /^\/commerce\/product\//);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("near you, location refused", () => {
  test.use({ permissions: [] });

  test("says so instead of showing products", async ({ page }) => {
    await page.goto("/");
    const root = page.getByTestId("hub-highlights");
    await root.scrollIntoViewIfNeeded();
    await root.getByRole("button", { name: "Show products near me" }).click();
    await expect(root.getByRole("status").filter({ hasText: /location/ })).toBeVisible();
    await expect(root.getByRole("region", { name: "Near you" }).getByRole("listitem")).toHaveCount(
      0,
    );
  });
});

test("the sections' data is public JSON, bad parameters are 400", async ({ request }) => {
  const ok = await request.get("/api/listings/highlights");
  expect(ok.status()).toBe(200);
  expect(ok.headers()["cache-control"]).toBe("public, max-age=60");
  const body = (await ok.json()) as { newest: unknown[]; topRated: unknown[]; near?: unknown };
  expect(body.newest.length).toBeGreaterThan(0);
  expect(body.near).toBeUndefined();
  const bad = await request.get("/api/listings/highlights?lat=north&lng=1");
  expect(bad.status()).toBe(400);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the category grid is there and no empty section shows", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("hub-category-links")).toBeVisible();
    await expect(page.getByTestId("hub-highlights")).toBeHidden();
    await expect(page.getByRole("heading", { name: "New in the marketplace" })).toHaveCount(0);
  });
});
