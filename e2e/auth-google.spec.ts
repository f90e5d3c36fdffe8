import { expect, test, type Page, type Route } from "./support/test";
import postgres from "postgres";
import { expectNoSeriousA11yViolations } from "./helpers-axe";

/**
 * Google sign-in against the production build. The connected server's AUTH_GOOGLE_* settings
 * point at a test double of Google's OAuth endpoints (e2e/auth-google-provider.ts, started by
 * playwright.config.ts), so "Continue with Google" runs the whole redirect flow. Google
 * Identity Services (the one-tap script) cannot load on this machine: the tests either let it
 * fail, as it does here, or serve a stand-in whose prompt returns an id token from the
 * test provider. The embedded server has a client id but no secret (GIS-only button).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const embeddedOrigin = `http://127.0.0.1:${port + 1}`;
const providerOrigin = `http://127.0.0.1:${port + 3}`;
const databaseUrl =
  process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket_e2e";
const GIS = "https://accounts.google.com/gsi/client";
const SESSION_COOKIE = "sb-127-auth-token";

function googleUser(label: string) {
  const id = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  return {
    sub: `e2e-google-${id}`,
    email: `e2e-google-${label}-${id}@example.com`,
    email_verified: true,
    name: `Google ${label}`,
  };
}

async function nextProviderUser(page: Page, claims: Record<string, unknown>): Promise<void> {
  const response = await page.request.get(
    `${providerOrigin}/control/next-user?claims=${encodeURIComponent(JSON.stringify(claims))}`,
  );
  expect(response.ok()).toBe(true);
}

async function hasSession(page: Page): Promise<boolean> {
  const cookies = await page.context().cookies();
  return cookies.some((cookie) => cookie.name.startsWith(SESSION_COOKIE));
}

/**
 * Serves a stand-in for GIS whose prompt signs in as `claims` (id token from the provider).
 * The page's CSP allows no fetch to the provider's origin (real GIS talks to Google from its
 * own frame), so the stand-in asks the test through a binding.
 */
function fakeGis(claims: Record<string, unknown>) {
  const script = `
    window.google = { accounts: { id: {
      initialize(config) { window.__gisConfig = config; },
      prompt() {
        const config = window.__gisConfig;
        const claims = Object.assign(${JSON.stringify(claims)}, { nonce: config.nonce });
        window.__e2eGoogleIdToken(JSON.stringify(claims))
          .then((idToken) => config.callback({ credential: idToken }));
      },
      cancel() {},
    } } };`;
  const bound = new WeakSet<Page>();
  return async (route: Route) => {
    const page = route.request().frame().page();
    if (!bound.has(page)) {
      bound.add(page);
      await page.exposeFunction("__e2eGoogleIdToken", async (claimsJson: string) => {
        const response = await page.request.get(
          `${providerOrigin}/control/id-token?claims=${encodeURIComponent(claimsJson)}`,
        );
        return ((await response.json()) as { idToken: string }).idToken;
      });
    }
    await route.fulfill({ status: 200, contentType: "text/javascript", body: script });
  };
}

test("Continue with Google: provider, callback, profile creation, then the redirect target", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const claims = googleUser("redirect");
  await nextProviderUser(page, claims);
  let gisRequests = 0;
  await page.route(GIS, (route) => {
    gisRequests += 1;
    return route.abort();
  });

  await page.goto("/login?redirect=%2Fprofile");
  const button = page.getByRole("button", { name: "Continue with Google" });
  await expect(button).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await button.click();

  // /auth/v1/authorize → the provider → /auth/v1/callback → /callback?code → the target,
  // where the guard asks a new user for a profile. (The server action's redirect is followed
  // in the client, so the address bar may keep /profile while the creation page renders.)
  await expect(page.getByRole("heading", { level: 1, name: "Create your profile" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/profile(\/create\?redirect=%2Fprofile)?$/);
  expect(await hasSession(page)).toBe(true);
  const user = await page.request.get("/api/profile/me/user");
  expect(await user.json()).toMatchObject({
    email: claims.email,
    app_metadata: { provider: "google" },
  });
  await page.getByLabel("Display name").fill("Google E2E");
  await page.getByRole("button", { name: "Create profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("profile-display-name")).toHaveText("Google E2E");
  // /login never loads the one-tap script.
  expect(gisRequests).toBe(0);

  // Sign-out when the service no longer knows the session (403): signed out all the same.
  const sql = postgres(databaseUrl, { max: 1 });
  try {
    const rows = await sql`
      delete from auth.sessions where user_id = (select id from auth.users where email = ${claims.email})
      returning id`;
    expect(rows.length).toBeGreaterThan(0);
  } finally {
    await sql.end();
  }
  const logout = page.waitForResponse((response) => response.url().includes("/auth/v1/logout"));
  await page.getByRole("button", { name: "Sign out" }).click();
  expect((await logout).status()).toBe(403);
  await expect(page).toHaveURL(/\/$/);
  expect(await hasSession(page)).toBe(false);
});

test("one-tap: offered to unknown visitors after idle, signs in and reloads; never to signed-in users", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const claims = googleUser("one-tap");
  let gisRequests = 0;
  const serve = fakeGis(claims);
  await page.route(GIS, (route) => {
    gisRequests += 1;
    return serve(route);
  });

  await page.goto("/about");
  // The prompt's sign-in reloads the page with a session.
  await expect.poll(() => hasSession(page), { timeout: 15_000 }).toBe(true);
  await expect(page).toHaveURL(/\/about$/);
  expect(gisRequests).toBe(1);

  // Signed in now: no prompt any more, on any page.
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1500);
  expect(gisRequests).toBe(1);

  // A new Google user has no profile: the guard asks for one.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile\/create\?redirect=%2Fprofile$/);
  const user = await page.request.get("/api/profile/me/user");
  expect(await user.json()).toMatchObject({ email: claims.email });
});

test("one-tap honours the page's redirect query after signing in", async ({ page }) => {
  test.setTimeout(60_000);
  await page.route(GIS, fakeGis(googleUser("one-tap-redirect")));
  await page.goto("/about?redirect=%2Fprofile");
  await expect(page).toHaveURL(/\/profile\/create\?redirect=%2Fprofile$/, { timeout: 15_000 });
});

test("one-tap: when Google's script cannot load, the visitor sees nothing of it", async ({
  page,
}) => {
  let gisRequests = 0;
  await page.route(GIS, (route) => {
    gisRequests += 1;
    return route.abort("internetdisconnected");
  });
  await page.goto("/about");
  await expect.poll(() => gisRequests, { timeout: 15_000 }).toBe(1);
  await page.waitForTimeout(500);
  // (Next's route announcer is an alert outside <main>.)
  await expect(page.locator("main [role=alert], [role=dialog]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Error");
  expect(await hasSession(page)).toBe(false);
});

test("the Google button without Google's script: 'Google Api is not available'", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.route(GIS, (route) => route.abort("internetdisconnected"));
  await page.goto(`${embeddedOrigin}/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.locator("main [role=alert]")).toHaveText("Google Api is not available");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
});

test("/callback with a forged invitation token: 'Invalid JWT signature'", async ({ page }) => {
  const jwks = (await (await page.request.get("/auth/v1/.well-known/jwks.json")).json()) as {
    keys: { kid: string }[];
  };
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const forged = [
    b64({ alg: "ES256", kid: jwks.keys[0]?.kid, typ: "JWT" }),
    b64({
      sub: "00000000-0000-4000-8000-000000000000",
      role: "authenticated",
      aud: "authenticated",
      iss: `http://127.0.0.1:${port}/auth/v1`,
      exp: now + 3600,
      iat: now,
      session_id: "00000000-0000-4000-8000-000000000001",
    }),
    Buffer.alloc(64, 7).toString("base64url"),
  ].join(".");
  // Tokens in a link are only ever taken for an invitation, and only with a password chosen.
  await page.goto(
    `/callback#access_token=${forged}&refresh_token=abc&expires_at=${now + 3600}&expires_in=3600&token_type=bearer&type=invite`,
  );
  await expect(page.getByRole("heading", { name: "Accept your invitation" })).toBeVisible();
  await page.getByLabel(/^New password/).fill("Violet-Lantern-Orbit-42");
  await page.getByLabel("Repeat the new password").fill("Violet-Lantern-Orbit-42");
  await page.getByRole("button", { name: "Save the password and continue" }).click();
  await expect(page.locator("main [role=alert]")).toContainText("Invalid JWT signature");
  expect(await hasSession(page)).toBe(false);
});

test("Google sign-in of a user with a verified factor lands on the code step first", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.route(GIS, (route) => route.abort());
  const claims = googleUser("mfa");
  await nextProviderUser(page, claims);
  await page.goto("/login?redirect=%2Fprofile");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create your profile" })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByLabel("Display name").fill("Google MFA");
  await page.getByRole("button", { name: "Create profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The user has an authenticator app (a verified TOTP factor), as enrolment would leave it.
  const sql = postgres(databaseUrl, { max: 1 });
  try {
    await sql`
      insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
      select gen_random_uuid(), id, 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP'
      from auth.users where email = ${claims.email}`;
  } finally {
    await sql.end();
  }
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await nextProviderUser(page, claims);
  await page.goto("/login?redirect=%2Fprofile");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await expect(page.getByLabel("Code")).toBeVisible();
});
