import { type APIRequestContext, type BrowserContext, expect, test } from "./support/test";
import { combineChunks, createChunks, stringFromBase64URL, stringToBase64URL } from "@supabase/ssr";
import postgres from "postgres";
import { confirmSignUp } from "./support/confirm";

/**
 * Two production instances of one site on one PostgreSQL database (playwright.config.ts
 * starts A on E2E_PORT and B on E2E_PORT + 2, same DATABASE_URL and SITE_URL): a session made
 * on one is valid on the other, a refresh on one is accepted by the other, a sign-out on one
 * is seen by the other, and rate limits are shared. Cookies on 127.0.0.1 ignore the port,
 * so one browser context carries the same session to both instances.
 */
const portA = Number(process.env.E2E_PORT ?? 3100);
const A = `http://127.0.0.1:${portA}`;
const B = `http://127.0.0.1:${portA + 2}`;
const databaseUrl =
  process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket_e2e";
const password = "correct horse battery staple";
const cookieName = `sb-${new URL(A).hostname.split(".")[0]}-auth-token`;

type Session = { access_token: string; refresh_token: string; user: { id: string } };

/** A client address of this test only, so its rate-limit buckets are its own. */
function testAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `10.${byte()}.${byte()}.${byte()}`;
}

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function withSql<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(databaseUrl, { max: 1 });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

/** The auth service's headers: the public anon key, the 2024-01-01 error shape, an address. */
async function authHeaders(request: APIRequestContext, address: string) {
  const environment = await (await request.get(`${A}/api/environment`)).json();
  return {
    apikey: String(environment.auth.anonKey),
    "x-supabase-api-version": "2024-01-01",
    "x-forwarded-for": address,
  };
}

/** Signs up on A and confirms the address with its emailed code (no autoconfirm). */
async function createUser(
  request: APIRequestContext,
  headers: Record<string, string>,
  email: string,
) {
  const signup = await request.post(`${A}/auth/v1/signup`, { headers, data: { email, password } });
  expect(signup.status()).toBe(200);
  await confirmSignUp(request, email, { origin: A, headers });
}

async function passwordGrant(
  request: APIRequestContext,
  origin: string,
  headers: Record<string, string>,
  email: string,
): Promise<Session> {
  const response = await request.post(`${origin}/auth/v1/token?grant_type=password`, {
    headers,
    data: { email, password },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Session;
}

/** The session stored in the browser's @supabase/ssr cookie(s). */
async function browserSession(context: BrowserContext): Promise<Session & { expires_at: number }> {
  const cookies = await context.cookies(A);
  const value = await combineChunks(
    cookieName,
    (name) => cookies.find((cookie) => cookie.name === name)?.value,
  );
  expect(value?.startsWith("base64-")).toBe(true);
  return JSON.parse(stringFromBase64URL((value ?? "").slice("base64-".length)));
}

/**
 * Moves the browser session's expiry (the `expires_at` of the @supabase/ssr cookie, which is
 * what the proxy reads to decide a refresh) to the past, as if its hour had run out: the next
 * guarded request refreshes on the server. The access token itself is unchanged.
 */
async function expireBrowserSession(context: BrowserContext): Promise<void> {
  const session = await browserSession(context);
  session.expires_at = Math.floor(Date.now() / 1000) - 1;
  const chunks = createChunks(cookieName, `base64-${stringToBase64URL(JSON.stringify(session))}`);
  await context.clearCookies({ name: new RegExp(`^${cookieName}`) });
  await context.addCookies(
    chunks.map(({ name, value }) => ({
      name,
      value,
      domain: "127.0.0.1",
      path: "/",
      sameSite: "Lax" as const,
      expires: Math.floor(Date.now() / 1000) + 3600,
    })),
  );
}

test("both instances publish the same keys", async ({ request }) => {
  const [envA, envB] = await Promise.all(
    [A, B].map(async (origin) => (await request.get(`${origin}/api/environment`)).json()),
  );
  expect(envB.auth.anonKey).toBe(envA.auth.anonKey);
  const [jwksA, jwksB] = await Promise.all(
    [A, B].map(async (origin) =>
      (await request.get(`${origin}/auth/v1/.well-known/jwks.json`)).json(),
    ),
  );
  expect(jwksA.keys.length).toBeGreaterThan(0);
  expect(jwksB).toEqual(jwksA);
});

test("a session made on A is used and refreshed on B; a global sign-out on B ends it on A", async ({
  request,
}) => {
  const headers = await authHeaders(request, testAddress());
  const email = uniqueEmail("two-api");
  await createUser(request, headers, email);
  const first = await passwordGrant(request, A, headers, email);

  // A's access token is accepted by B (signature, issuer and session all checked there).
  const userOnB = await request.get(`${B}/auth/v1/user`, {
    headers: { ...headers, authorization: `Bearer ${first.access_token}` },
  });
  expect(userOnB.status()).toBe(200);
  expect((await userOnB.json()).id).toBe(first.user.id);

  // B rotates A's refresh token; A accepts the new pair.
  const refreshOnB = await request.post(`${B}/auth/v1/token?grant_type=refresh_token`, {
    headers,
    data: { refresh_token: first.refresh_token },
  });
  expect(refreshOnB.status()).toBe(200);
  const second = (await refreshOnB.json()) as Session;
  expect(second.refresh_token).not.toBe(first.refresh_token);
  const userOnA = await request.get(`${A}/auth/v1/user`, {
    headers: { ...headers, authorization: `Bearer ${second.access_token}` },
  });
  expect(userOnA.status()).toBe(200);
  const refreshOnA = await request.post(`${A}/auth/v1/token?grant_type=refresh_token`, {
    headers,
    data: { refresh_token: second.refresh_token },
  });
  expect(refreshOnA.status()).toBe(200);
  const third = (await refreshOnA.json()) as Session;

  // Global sign-out on B: A refuses the session's refresh token and its access token.
  const logout = await request.post(`${B}/auth/v1/logout?scope=global`, {
    headers: { ...headers, authorization: `Bearer ${third.access_token}` },
  });
  expect(logout.status()).toBe(204);
  const refusedRefresh = await request.post(`${A}/auth/v1/token?grant_type=refresh_token`, {
    headers,
    data: { refresh_token: third.refresh_token },
  });
  expect(refusedRefresh.status()).toBe(400);
  expect((await refusedRefresh.json()).code).toBe("refresh_token_not_found");
  const refusedUser = await request.get(`${A}/auth/v1/user`, {
    headers: { ...headers, authorization: `Bearer ${third.access_token}` },
  });
  expect(refusedUser.status()).toBe(403);
  expect((await refusedUser.json()).code).toBe("session_not_found");
});

test("a browser signed in on A uses guarded pages on B; a sign-out on B sends it to /login on A", async ({
  page,
  context,
  request,
}) => {
  test.slow(); // a long journey over two servers, with password hashing on a shared machine
  const headers = await authHeaders(request, testAddress());
  const email = uniqueEmail("two-browser");
  await createUser(request, headers, email);

  // Sign in and create the profile on A, in the browser.
  await page.goto(`${A}/login?redirect=%2Fprofile`);
  await page.getByLabel("Email or phone").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${A}/profile/create?redirect=%2Fprofile`, { timeout: 20_000 });
  await page.getByLabel("Display name").fill("Two Instances");
  await page.getByRole("button", { name: "Create profile" }).click();
  await expect(page).toHaveURL(`${A}/profile`, { timeout: 20_000 });

  // The same cookies on B: the guarded page renders there (JWT and profile hint accepted).
  await page.goto(`${B}/profile`);
  await expect(page).toHaveURL(`${B}/profile`);
  await expect(page.getByTestId("profile-display-name")).toHaveText("Two Instances");
  expect((await page.request.get(`${B}/api/profile/me/user`)).status()).toBe(200);

  // The session runs out: B's proxy refreshes it, and A carries on with B's new tokens.
  await page.goto("about:blank");
  const before = await browserSession(context);
  await expireBrowserSession(context);
  await page.goto(`${B}/profile`);
  await expect(page.getByTestId("profile-display-name")).toHaveText("Two Instances");
  const after = await browserSession(context);
  expect(after.refresh_token).not.toBe(before.refresh_token);
  expect(after.expires_at).toBeGreaterThan(Date.now() / 1000);
  await page.goto(`${A}/profile`);
  await expect(page.getByTestId("profile-display-name")).toHaveText("Two Instances");
  expect((await page.request.get(`${A}/api/profile/me/user`)).status()).toBe(200);

  // Another device of the same user signs out everywhere on B.
  const other = await passwordGrant(request, B, headers, email);
  const logout = await request.post(`${B}/auth/v1/logout?scope=global`, {
    headers: { ...headers, authorization: `Bearer ${other.access_token}` },
  });
  expect(logout.status()).toBe(204);

  // A refuses the browser session's refresh token, so the guard sends the browser to /login
  // at its next refresh and the cookies are cleared. The access token is a JWT verified
  // without a database read, so until that refresh it stays valid (as with Supabase;
  // docs/testing.md).
  const revoked = await browserSession(context);
  const refused = await request.post(`${A}/auth/v1/token?grant_type=refresh_token`, {
    headers,
    data: { refresh_token: revoked.refresh_token },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).code).toBe("refresh_token_not_found");
  await page.goto("about:blank");
  await expireBrowserSession(context);
  await page.goto(`${A}/profile`);
  await expect(page).toHaveURL(`${A}/login?redirect=%2Fprofile`);
  const left = (await context.cookies(A)).filter((c) => c.name.startsWith(cookieName));
  expect(left).toHaveLength(0);
});

test("rate limits are counted once for both instances", async ({ request }) => {
  // /signup allows 30 requests per client address per 5 minutes (fixed windows on the
  // database clock): stay clear of a window's end so all 31 requests fall in one window.
  const secondsLeft = await withSql(async (sql) => {
    const [row] = await sql`select 300 - mod(extract(epoch from now())::numeric, 300) as left`;
    return Number(row?.left);
  });
  if (secondsLeft < 10) await new Promise((r) => setTimeout(r, secondsLeft * 1000 + 500));
  const headers = await authHeaders(request, testAddress());
  // A sign-up without a password is refused after the limit is counted: no user is made.
  const hit = (origin: string) =>
    request.post(`${origin}/auth/v1/signup`, { headers, data: { email: "limit@example.com" } });
  for (let i = 0; i < 15; i++) {
    expect((await hit(A)).status()).toBe(422);
    expect((await hit(B)).status()).toBe(422);
  }
  const over = await hit(A);
  expect(over.status()).toBe(429);
  expect((await over.json()).code).toBe("over_request_rate_limit");
  expect(Number(over.headers()["retry-after"])).toBeGreaterThan(0);
});
