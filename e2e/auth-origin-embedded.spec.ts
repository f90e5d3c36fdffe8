import { expect, test } from "./support/test";

/**
 * Issue 2, point 1: sign-in works wherever the site is opened. This server (the embedded
 * project, PGlite) runs with SITE_URL http://localhost:<port> while the browser opens it as
 * http://127.0.0.1:<port>: the browser's auth client must call /auth/v1 on the page's own
 * origin (no CORS failure, nothing sent to localhost), and the session cookie keeps the name
 * SITE_URL gives it, so the server reads the same session. The demo owner is seeded.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 1;
const pageOrigin = `http://127.0.0.1:${port}`;
const siteUrl = `http://localhost:${port}`;
const cookieName = "sb-localhost-auth-token";

test("the environment names this origin's auth service and the site's cookie", async ({
  request,
}) => {
  const environment = (await (await request.get("/api/environment")).json()) as {
    siteUrl: string;
    auth: Record<string, unknown>;
  };
  expect(environment.siteUrl).toBe(siteUrl);
  expect(environment.auth).toMatchObject({
    url: `${pageOrigin}/auth/v1`,
    cookieName,
    sameOrigin: true,
  });
});

test("password sign-in on 127.0.0.1 while SITE_URL says localhost", async ({ page }) => {
  const authCalls: string[] = [];
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (url.includes("/auth/v1/")) authCalls.push(url);
    if (url.startsWith(siteUrl)) elsewhere.push(url);
  });
  const failed: string[] = [];
  page.on("requestfailed", (request) => failed.push(request.url()));

  await page.goto("/login");
  await page.getByLabel("Email or phone").fill("owner@demo.livemarket.test");
  await page.getByLabel("Password").fill("live-market-demo");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${pageOrigin}/`);

  expect(authCalls.some((url) => url.startsWith(`${pageOrigin}/auth/v1/token`))).toBe(true);
  expect(authCalls.filter((url) => !url.startsWith(`${pageOrigin}/auth/v1/`))).toEqual([]);
  expect(elsewhere).toEqual([]);
  expect(failed.filter((url) => url.includes("/auth/v1/"))).toEqual([]);

  // One cookie, named after SITE_URL, on the origin in use; plain http: not Secure.
  const cookies = (await page.context().cookies()).filter((c) => c.name.startsWith(cookieName));
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) {
    expect(cookie).toMatchObject({ domain: "127.0.0.1", secure: false, sameSite: "Lax" });
  }
  // The server sees the same session: a route handler, and the proxy's guard (a signed-in
  // visitor is sent away from the public-only /login).
  const user = await page.request.get("/api/profile/me/user");
  expect(user.status()).toBe(200);
  expect(await user.json()).toMatchObject({ email: "owner@demo.livemarket.test" });
  await page.goto("/login");
  await expect(page).toHaveURL(`${pageOrigin}/`);
});
