import { expect, test } from "./support/test";

/**
 * Icons come from one SVG sprite (components/ui/icon.tsx, app/icons.svg/route.ts). Every icon
 * a page draws must name a symbol the sprite has, and the sprite must be cacheable for a year
 * under its versioned address.
 */
test("every icon on the public pages and the open panel is a symbol of the sprite", async ({
  page,
  request,
}) => {
  const references = new Set<string>();
  for (const path of ["/", "/about", "/docs", "/docs/getting-started", "/contact", "/linkpage"]) {
    await page.goto(path);
    for (const href of await page
      .locator("svg use")
      .evaluateAll((uses) => uses.map((use) => use.getAttribute("href") ?? ""))) {
      references.add(href);
    }
  }
  // The panel's icons (categories, heart, chevrons) and the drawer's.
  await page.goto("/about");
  await page.getByTestId("quick-access-launcher").click();
  await expect(page.getByTestId("quick-access-panel").getByTestId("quick-access-tile")).toHaveCount(
    7,
  );
  for (const href of await page
    .locator("svg use")
    .evaluateAll((uses) => uses.map((use) => use.getAttribute("href") ?? ""))) {
    references.add(href);
  }
  expect(references.size).toBeGreaterThan(20);

  const urls = new Set([...references].map((href) => href.split("#")[0]));
  expect([...urls]).toEqual([expect.stringMatching(/^\/icons\.svg\?v=[0-9a-f]{12}$/)]);
  const [url] = [...urls];
  const sprite = await request.get(url!);
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  expect(sprite.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const body = await sprite.text();
  for (const href of references) {
    const id = href.split("#")[1];
    expect(body, href).toContain(`<symbol id="${id}" `);
  }
});

test("a sprite icon is drawn: it has the size its classes give and a visible shape", async ({
  page,
}) => {
  await page.goto("/");
  const menu = page.getByTestId("drawer-button").locator("svg");
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box?.width).toBe(16);
  expect(box?.height).toBe(16);
  // The <use> instance has a rendered shape (the sprite loaded and the symbol resolved).
  await expect
    .poll(() =>
      menu.evaluate((svg) => {
        const use = svg.querySelector("use");
        return use ? Math.round(use.getBBox().width) : 0;
      }),
    )
    .toBeGreaterThan(0);
});
