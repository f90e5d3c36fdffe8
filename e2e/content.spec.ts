import { expect, test } from "./support/test";
import { sql } from "./support/backoffice";
import { expectNoSeriousA11yViolations } from "./helpers-axe";

const pages = [
  { path: "/about", heading: "About Live Market" },
  { path: "/terms", heading: "Terms of use" },
  { path: "/privacy", heading: "Privacy policy" },
  { path: "/partners", heading: "Grow your business with Live Market" },
  { path: "/docs", heading: "Help centre" },
  { path: "/docs/getting-started", heading: "Getting started" },
  { path: "/linkpage", heading: "Live Market" },
];

test.describe("content pages", () => {
  for (const { path, heading } of pages) {
    test(`${path} renders its heading and a canonical link`, async ({ page, baseURL }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${baseURL}${path}`,
      );
    });
  }

  // The sign-in pages are indexable too: their canonical link drops the `redirect` query.
  for (const path of ["/login", "/register", "/forgot-password"]) {
    test(`${path} has a canonical link and may be indexed`, async ({ page, baseURL }) => {
      const response = await page.goto(`${path}?redirect=%2Fabout`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${baseURL}${path}`,
      );
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    });
  }

  test("the content pages have no serious accessibility violations", async ({ page }) => {
    for (const path of ["/terms", "/docs/booking-and-tickets", "/linkpage"]) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("the help centre lists the articles in order and opens one", async ({ page }) => {
    await page.goto("/docs");
    const articles = page.getByRole("navigation", { name: "Articles" }).getByRole("link");
    await expect(articles).toHaveCount(5);
    await expect(articles.first()).toContainText("Getting started");
    await page.getByRole("link", { name: /Payments and refunds/ }).click();
    await expect(page).toHaveURL(/\/docs\/payments-and-refunds$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Payments and refunds" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Refunds" })).toBeVisible();
    await page.getByRole("link", { name: "All articles" }).click();
    await expect(page).toHaveURL(/\/docs$/);
  });

  test("an article renders GitHub-flavoured Markdown tables", async ({ page }) => {
    await page.goto("/docs/booking-and-tickets");
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader", { name: "States" })).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(4);
  });

  test("articles follow the chosen language", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseURL ?? "" }]);
    await page.goto("/docs/getting-started");
    await expect(page.getByRole("heading", { level: 1, name: "Primeros pasos" })).toBeVisible();
    await expect(page.locator("article")).toHaveAttribute("lang", "es");
  });

  test("an unknown article answers 404", async ({ page }) => {
    const response = await page.goto("/docs/no-such-article");
    expect(response?.status()).toBe(404);
    const traversal = await page.goto("/docs/..%2F..%2Fpackage.json");
    expect(traversal?.status()).toBe(404);
  });

  test("the link page links only to pages that exist", async ({ page, request }) => {
    await page.goto("/linkpage");
    const links = page.getByRole("navigation", { name: "Live Market links" }).getByRole("link");
    await expect(links).toHaveCount(4);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
      expect((await request.get(href ?? "")).status(), href ?? "").toBe(200);
    }
  });
});

test.describe("robots and sitemap", () => {
  test("robots.txt keeps crawlers out of private areas and points to the sitemap", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const body = await response.text();
    for (const path of ["/dev", "/backoffice", "/profile", "/api"]) {
      expect(body).toContain(`Disallow: ${path}`);
    }
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("sitemap.xml is an index of the pages' and the products' sitemaps", async ({
    request,
    baseURL,
  }) => {
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    const body = await index.text();
    expect(body).toContain("<sitemapindex");
    expect(body).toContain(`<loc>${baseURL}/sitemaps/pages.xml</loc>`);
    expect(body).toContain(`<loc>${baseURL}/sitemaps/products/0.xml</loc>`);
    const pages = await (await request.get("/sitemaps/pages.xml")).text();
    for (const path of [
      "/",
      "/about",
      "/terms",
      "/privacy",
      "/partners",
      "/docs",
      "/commerce",
      "/commerce/offer",
    ]) {
      expect(pages).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(pages).toContain(`<loc>${baseURL}/docs/account-and-security</loc>`);
    expect(pages).toContain(`<loc>${baseURL}/commerce/product?category=books</loc>`);
    // Published products with their last change; drafts and archived ones are left out.
    const products = await (await request.get("/sitemaps/products/0.xml")).text();
    expect(products).toMatch(
      new RegExp(`<url><loc>${baseURL}/commerce/product/[0-9a-f-]{36}</loc><lastmod>\\d{4}-`),
    );
    const hidden = await sql(
      (db) => db<{ id: string }[]>`select id from listings where status <> 'published' limit 5`,
    );
    expect(hidden.length).toBeGreaterThan(0);
    for (const { id } of hidden) expect(products).not.toContain(id);
    expect((await request.get("/sitemaps/products/999.xml")).status()).toBe(404);
  });
});

test.describe("protocol redirect", () => {
  test("the app scheme redirects to the path after it", async ({ request }) => {
    const response = await request.get(
      "/?protocol=web%2Blivemarket%3A%2F%2Fdocs%2Fgetting-started",
      { maxRedirects: 0 },
    );
    expect(response.status()).toBe(307);
    expect(new URL(response.headers().location ?? "", "http://x").pathname).toBe(
      "/docs/getting-started",
    );
  });

  test("the site's own address redirects too, from any page", async ({ request, baseURL }) => {
    const value = encodeURIComponent(`${baseURL}/terms`);
    const response = await request.get(`/about?protocol=${value}`, { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toMatch(/\/terms$/);
  });

  test("a browser following the redirect lands on the article", async ({ page }) => {
    await page.goto("/?protocol=web%2Blivemarket%3A%2F%2Fdocs%2Fpayments-and-refunds");
    await expect(page).toHaveURL(/\/docs\/payments-and-refunds$/);
  });

  for (const value of [
    "https://evil.com/docs",
    "//evil.com",
    "\\\\evil",
    "javascript:alert(1)",
    "web+livemarket:////evil.com",
  ]) {
    test(`refuses ${value} and serves the page`, async ({ request }) => {
      const response = await request.get(`/about?protocol=${encodeURIComponent(value)}`, {
        maxRedirects: 0,
      });
      expect(response.status()).toBe(200);
      expect(response.headers().location).toBeUndefined();
      expect(await response.text()).toContain("About Live Market");
    });
  }
});
