import { expect, test } from "./support/test";

/**
 * Embedded mode smoke run: this server starts with no DATABASE_URL and an empty DATA_DIR,
 * so it must have created, migrated and seeded its PGlite database by itself.
 */
test.describe("embedded mode (PGlite)", () => {
  test("health reports the embedded database", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: { status: "ok", driver: "pglite" },
    });
  });

  test("key-values serve the seeded public settings", async ({ request }) => {
    const response = await request.get("/api/key-values");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("public");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.support_email).toBe("support@livemarket.local");
    expect(typeof body.site_tagline).toBe("string");
    expect(body).not.toHaveProperty("platform_fee_basis_points");
  });

  test("the home page renders", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").first()).toBeVisible();
  });
});
