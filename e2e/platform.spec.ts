import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "./support/test";

/**
 * Platform lane: startup data, new-version prompt, service worker and offline page.
 * Runs against the production build (`npm run build` writes builds/latest.json).
 */
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const latestFile = path.join(distDir, "builds", "latest.json");

test.describe("startup data", () => {
  test("the environment is loaded at startup and carries the running build", async ({
    page,
    baseURL,
  }) => {
    const environmentResponse = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/environment",
    );
    await page.goto("/");
    const response = await environmentResponse;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { appName: string; buildId: string; auth: unknown };
    expect(body.appName).toBe("Live Market");
    const buildId = (await readFile(path.join(distDir, "BUILD_ID"), "utf8")).trim();
    expect(body.buildId).toBe(buildId);
    // The built-in auth service on the page's own origin, the public anon key (an ES256 JWT),
    // the Google client id the browser prompts with (the e2e servers configure one) and the
    // session cookie's name (from SITE_URL, the same on every origin), nothing else.
    expect(body.auth).toEqual({
      url: `${baseURL}/auth/v1`,
      anonKey: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/),
      googleClientId: "live-market-e2e.apps.example.com",
      cookieName: expect.stringMatching(/^sb-[\w-]+-auth-token$/),
      sameOrigin: true,
    });
    await expect(
      page.getByRole("alert").filter({ hasText: "Environment data not found" }),
    ).toHaveCount(0);
  });

  test("a missing environment retries 3 times, then says so in an alert", async ({ page }) => {
    let attempts = 0;
    await page.route("**/api/environment", async (route) => {
      attempts += 1;
      await route.fulfill({ status: 503, body: "unavailable" });
    });
    await page.goto("/");
    const alert = page.getByRole("alert").filter({ hasText: "Environment data not found" });
    await expect(alert).toBeVisible();
    expect(attempts).toBe(4);

    await page.unroute("**/api/environment");
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(alert).toHaveCount(0);
  });

  test("key-values are not fetched until something uses them", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    // Waiting starts before the navigation: the page may fetch it before goto resolves.
    const environment = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/environment",
    );
    await page.goto("/offline");
    await environment;
    expect(requested).not.toContain("/api/key-values");
  });
});

test.describe("new version", () => {
  test("a deploy shows a reload prompt, and Reload reloads the page", async ({ page }) => {
    const original = await readFile(latestFile, "utf8");
    const running = JSON.parse(original) as { buildId: string };
    const polled = page.waitForResponse((r) => new URL(r.url()).pathname === "/builds/latest.json");
    await page.goto("/offline");
    await polled;
    const prompt = page.getByRole("status").filter({ hasText: "A new version of Live Market" });
    await expect(prompt).toHaveCount(0);

    try {
      await writeFile(latestFile, JSON.stringify({ buildId: `${running.buildId}-next` }));
      // Coming back to the tab checks at once (the timer checks every minute).
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await expect(prompt).toBeVisible();
    } finally {
      await writeFile(latestFile, original);
    }

    await page.evaluate(() => {
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    });
    await Promise.all([
      page.waitForEvent("load"),
      prompt.getByRole("button", { name: "Reload" }).click(),
    ]);
    expect(
      await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
    ).toBeUndefined();
    await expect(prompt).toHaveCount(0);
  });

  test("builds/latest.json is served fresh", async ({ request }) => {
    const response = await request.get("/builds/latest.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("no-store");
    expect(((await response.json()) as { buildId: string }).buildId).toBeTruthy();
  });
});

test.describe("service worker", () => {
  test("is registered and serves the offline page when a navigation fails", async ({
    page,
    context,
  }) => {
    await page.goto("/offline");
    const scriptURL = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(scriptURL).toMatch(/\/service-worker\.js$/);

    await context.setOffline(true);
    try {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test("never stores API answers", async ({ page }) => {
    await page.goto("/offline");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.evaluate(() => fetch("/api/environment").then((r) => r.json()));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain("/offline");
    expect(cached.some((p) => p.startsWith("/api/"))).toBe(false);
    expect(cached.filter((p) => !p.startsWith("/_next/static/") && p !== "/offline")).toEqual([]);
  });

  test("the offline page is a real page", async ({ page }) => {
    const response = await page.goto("/offline");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  });

  test("the web app manifest carries the theme colours", async ({ request }) => {
    const response = await request.get("/manifest.webmanifest");
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as { theme_color: string; name: string };
    expect(manifest).toMatchObject({ name: "Live Market", theme_color: "#0D1B2A" });
  });
});
