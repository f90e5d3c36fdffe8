import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import { authClient, GOOD_PASSWORD, ORIGIN, rawRequest, uniqueEmail } from "./support/auth-server";
import { startTestOAuthProvider, type TestOAuthProvider } from "./support/test-oauth-provider";

/**
 * Google's redirect flow (GET /authorize → the provider → GET /callback → redirect_to), driven
 * through supabase-js (signInWithOAuth with skipBrowserRedirect, linkIdentity) against a test
 * double of Google's endpoints configured through the settings.
 */
const CLIENT_ID = "live-market-oauth.apps.example.com";
const CLIENT_SECRET = "test-secret-" + randomUUID();
let provider: TestOAuthProvider;

const SETTINGS = [
  "AUTH_GOOGLE_CLIENT_ID",
  "AUTH_GOOGLE_CLIENT_SECRET",
  "AUTH_GOOGLE_ISSUER",
  "AUTH_GOOGLE_JWKS_URL",
  "AUTH_GOOGLE_AUTHORIZATION_URL",
  "AUTH_GOOGLE_TOKEN_URL",
] as const;

beforeAll(async () => {
  provider = await startTestOAuthProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  process.env.AUTH_GOOGLE_CLIENT_ID = CLIENT_ID;
  process.env.AUTH_GOOGLE_CLIENT_SECRET = CLIENT_SECRET;
  process.env.AUTH_GOOGLE_ISSUER = provider.issuer;
  process.env.AUTH_GOOGLE_JWKS_URL = provider.jwksUrl;
  process.env.AUTH_GOOGLE_AUTHORIZATION_URL = provider.authorizationUrl;
  process.env.AUTH_GOOGLE_TOKEN_URL = provider.tokenUrl;
  resetEnvForTests();
});

afterAll(async () => {
  for (const name of SETTINGS) delete process.env[name];
  delete process.env.AUTH_AUTOCONFIRM;
  resetEnvForTests();
  await provider.close();
  await closeDb();
});

const pkceClient = (): Promise<SupabaseClient> => authClient({ pkce: true });

function googleUser(overrides: Record<string, unknown> = {}) {
  return {
    sub: `g-${randomUUID()}`,
    email: uniqueEmail("oauth"),
    email_verified: true,
    name: "Ada Lovelace",
    picture: "https://images.example.com/ada.png",
    ...overrides,
  };
}

/** One request to the service (in-process): its status and Location. */
async function serviceGet(url: string): Promise<Response> {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(ORIGIN);
  return rawRequest("GET", `${parsed.pathname.replace(/^\/auth\/v1\//, "")}${parsed.search}`);
}

function location(response: Response): URL {
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

/** The visitor at the provider: its 302 back to our callback. */
async function atProvider(url: URL): Promise<URL> {
  expect(url.origin).toBe(provider.issuer);
  const response = await fetch(url, { redirect: "manual" });
  return location(response);
}

/** From the URL supabase-js gives (our /authorize) to where the service finally sends the visitor. */
async function followFlow(startUrl: string): Promise<URL> {
  const toProvider = location(await serviceGet(startUrl));
  const toCallback = await atProvider(toProvider);
  expect(`${toCallback.origin}${toCallback.pathname}`).toBe(`${ORIGIN}/auth/v1/callback`);
  return location(await serviceGet(toCallback.toString()));
}

async function startSignIn(
  client: SupabaseClient,
  redirectTo = `${ORIGIN}/callback?next=%2Fmarket`,
  extra: { scopes?: string; queryParams?: Record<string, string> } = {},
): Promise<string> {
  const { data, error } = await client.auth.signInWithOAuth({
    provider: "google",
    options: { redirectTo, skipBrowserRedirect: true, ...extra },
  });
  expect(error).toBeNull();
  return data.url ?? "";
}

const fragment = (url: URL) => new URLSearchParams(url.hash.slice(1));

describe("GET /authorize", () => {
  it("redirects to the provider with the client id, callback URI, scopes and a state", async () => {
    const client = await pkceClient();
    const start = await startSignIn(client, `${ORIGIN}/callback`, {
      scopes: "https://www.googleapis.com/auth/calendar.readonly",
      queryParams: { access_type: "offline", prompt: "consent" },
    });
    const startUrl = new URL(start);
    expect(startUrl.pathname).toBe("/auth/v1/authorize");
    expect(startUrl.searchParams.get("code_challenge_method")).toBe("s256");

    const target = location(await serviceGet(start));
    expect(`${target.origin}${target.pathname}`).toBe(provider.authorizationUrl);
    const query = target.searchParams;
    expect(query.get("client_id")).toBe(CLIENT_ID);
    expect(query.get("redirect_uri")).toBe(`${ORIGIN}/auth/v1/callback`);
    expect(query.get("response_type")).toBe("code");
    expect(query.get("scope")?.split(" ")).toEqual([
      "openid",
      "email",
      "profile",
      "https://www.googleapis.com/auth/calendar.readonly",
    ]);
    expect(query.get("access_type")).toBe("offline");
    expect(query.get("prompt")).toBe("consent");
    expect(query.get("state")).toMatch(/^[\w-]+\.[\w-]+$/);
    for (const own of ["provider", "redirect_to", "code_challenge", "skip_http_redirect"]) {
      expect(query.has(own)).toBe(false);
    }
  });

  it("refuses unknown and disabled providers with GoTrue's errors", async () => {
    const unknown = await rawRequest("GET", "authorize?provider=myspace");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error_code: "validation_failed",
      msg: "Unsupported provider: Provider myspace could not be found",
    });
    const github = await rawRequest("GET", "authorize?provider=github", {
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(github.status).toBe(400);
    expect(await github.json()).toEqual({
      code: "validation_failed",
      message: "Unsupported provider: provider is not enabled",
    });

    // Google without a client secret: only id tokens, no redirect flow.
    delete process.env.AUTH_GOOGLE_CLIENT_SECRET;
    resetEnvForTests();
    try {
      const google = await rawRequest("GET", "authorize?provider=google");
      expect(google.status).toBe(400);
      expect(await google.json()).toMatchObject({
        msg: "Unsupported provider: provider is not enabled",
      });
    } finally {
      process.env.AUTH_GOOGLE_CLIENT_SECRET = CLIENT_SECRET;
      resetEnvForTests();
    }
  });

  it("refuses a malformed code challenge", async () => {
    const response = await rawRequest(
      "GET",
      "authorize?provider=google&code_challenge=short&code_challenge_method=s256",
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: "validation_failed" });
  });
});

describe("GET /callback", () => {
  it("PKCE: a new user gets ?code= on redirect_to, exchanged once for an oauth session", async () => {
    const client = await pkceClient();
    const claims = googleUser();
    provider.nextUser(claims);
    const landed = await followFlow(await startSignIn(client));
    expect(`${landed.origin}${landed.pathname}`).toBe(`${ORIGIN}/callback`);
    expect(landed.searchParams.get("next")).toBe("/market");
    const code = landed.searchParams.get("code") ?? "";
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(landed.hash).toBe("");

    const [flow] = await queryRows<{
      provider_access_token: string;
      authentication_method: string;
    }>(
      getDb(),
      sql`select provider_access_token, authentication_method from auth.flow_state where auth_code = ${code}`,
    );
    expect(flow?.provider_access_token).toMatch(/^provider-access-/);
    expect(flow?.authentication_method).toBe("oauth");

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: claims.email,
      app_metadata: { provider: "google", providers: ["google"] },
      user_metadata: { name: "Ada Lovelace", sub: claims.sub },
    });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: "google", id: claims.sub });
    expect(decodeJwt(data.session?.access_token ?? "").amr).toEqual([
      { method: "oauth", timestamp: expect.any(Number) },
    ]);
    // Single use: the exchange deleted the flow row.
    const second = await rawRequest("POST", "token?grant_type=pkce", {
      body: JSON.stringify({ auth_code: code, code_verifier: "x".repeat(43) }),
    });
    expect(second.status).toBe(404);
    expect(await second.json()).toMatchObject({ error_code: "flow_state_not_found" });
  });

  it("implicit: the session is in the fragment, and the same Google user signs in again", async () => {
    const claims = googleUser();
    provider.nextUser(claims);
    const landed = await followFlow(await startSignIn(await authClient(), `${ORIGIN}/welcome`));
    expect(`${landed.origin}${landed.pathname}`).toBe(`${ORIGIN}/welcome`);
    expect(landed.search).toBe("");
    const params = fragment(landed);
    expect(params.get("token_type")).toBe("bearer");
    expect(Number(params.get("expires_in"))).toBe(3600);
    expect(Number(params.get("expires_at"))).toBeGreaterThan(Date.now() / 1000);
    expect(params.get("provider_token")).toMatch(/^provider-access-/);
    expect(params.get("provider_refresh_token")).toMatch(/^provider-refresh-/);
    expect(params.get("refresh_token")).toBeTruthy();
    const client = await authClient();
    const first = await client.auth.getUser(params.get("access_token") ?? "");
    expect(first.data.user?.email).toBe(claims.email);

    provider.nextUser({ ...claims, name: "Countess of Lovelace" });
    const again = fragment(await followFlow(await startSignIn(await authClient())));
    const second = await client.auth.getUser(again.get("access_token") ?? "");
    expect(second.data.user?.id).toBe(first.data.user?.id);
    expect(second.data.user?.identities?.[0]?.identity_data?.name).toBe("Countess of Lovelace");
  });

  it("links a verified Google address to the existing password account", async () => {
    const email = uniqueEmail("oauth-existing");
    const existing = await (await authClient()).auth.signUp({ email, password: GOOD_PASSWORD });
    expect(existing.error).toBeNull();
    const client = await pkceClient();
    provider.nextUser(googleUser({ email }));
    const code = (await followFlow(await startSignIn(client))).searchParams.get("code") ?? "";
    const { data } = await client.auth.exchangeCodeForSession(code);
    expect(data.user?.id).toBe(existing.data.user?.id);
    expect(data.user?.app_metadata.providers).toEqual(["email", "google"]);
  });

  it("a redirect_to outside the allow-list lands on the site URL", async () => {
    provider.nextUser(googleUser());
    const landed = await followFlow(
      await startSignIn(await authClient(), "https://evil.example.com/steal"),
    );
    expect(`${landed.origin}${landed.pathname}`).toBe(`${ORIGIN}/`);
    expect(fragment(landed).get("access_token")).toBeTruthy();
  });

  it("the provider's refusal goes back to redirect_to (query and fragment under PKCE)", async () => {
    provider.denyNext();
    const pkce = await followFlow(await startSignIn(await pkceClient()));
    expect(pkce.searchParams.get("error")).toBe("access_denied");
    expect(pkce.searchParams.get("error_description")).toBe("The user denied access");
    expect(fragment(pkce).get("error")).toBe("access_denied");
    expect(pkce.searchParams.has("code")).toBe(false);

    provider.denyNext();
    const implicit = await followFlow(await startSignIn(await authClient(), `${ORIGIN}/callback`));
    expect(implicit.search).toBe("");
    expect(fragment(implicit).get("error")).toBe("access_denied");
    expect(fragment(implicit).get("error_code")).toBe("bad_oauth_callback");
  });

  it("an id token for another audience is refused in the redirect", async () => {
    provider.nextUser(googleUser());
    provider.audienceNext("someone-else.apps.example.com");
    const landed = await followFlow(await startSignIn(await authClient(), `${ORIGIN}/callback`));
    expect(Object.fromEntries(fragment(landed))).toMatchObject({
      error: "invalid request",
      error_description: "Unacceptable audience in id_token",
    });
    expect(fragment(landed).has("access_token")).toBe(false);
  });

  it("a replayed callback (code already used at the provider) creates no session", async () => {
    provider.nextUser(googleUser());
    const toProvider = location(await serviceGet(await startSignIn(await authClient())));
    const toCallback = await atProvider(toProvider);
    expect(fragment(location(await serviceGet(toCallback.toString()))).has("access_token")).toBe(
      true,
    );
    const replay = fragment(location(await serviceGet(toCallback.toString())));
    expect(replay.get("error")).toBe("server_error");
    expect(replay.get("error_description")).toBe("Unable to exchange external code");
    expect(replay.has("access_token")).toBe(false);
  });

  it("a missing, forged or tampered state is refused without redirecting", async () => {
    const missing = await rawRequest("GET", "callback?code=abc");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error_code: "bad_oauth_callback",
      msg: "OAuth state parameter missing",
    });

    provider.nextUser(googleUser());
    const toProvider = location(await serviceGet(await startSignIn(await authClient())));
    const state = toProvider.searchParams.get("state") ?? "";
    const [payload, mac] = state.split(".");
    const decoded = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decoded, referrer: "https://evil.example.com/" }),
    ).toString("base64url");
    for (const bad of [`${forgedPayload}.${mac}`, `${payload}.${"A".repeat(43)}`, "garbage"]) {
      const response = await rawRequest(
        "GET",
        `callback?code=abc&state=${encodeURIComponent(bad)}`,
      );
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.json()).toMatchObject({ error_code: "bad_oauth_state" });
    }
  });

  it("POST /callback (form_post) is served like GET", async () => {
    provider.nextUser(googleUser());
    const toProvider = location(await serviceGet(await startSignIn(await authClient())));
    const toCallback = await atProvider(toProvider);
    const response = await rawRequest("POST", "callback", {
      body: toCallback.searchParams.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(fragment(location(response)).get("access_token")).toBeTruthy();
  });
});

describe("linkIdentity (GET /user/identities/authorize)", () => {
  it("links Google to the signed-in user; the same identity again is refused", async () => {
    const client = await pkceClient();
    const signUp = await client.auth.signUp({
      email: uniqueEmail("oauth-link"),
      password: GOOD_PASSWORD,
    });
    expect(signUp.error).toBeNull();
    const claims = googleUser({ email: uniqueEmail("oauth-other-address") });
    provider.nextUser(claims);
    const { data, error } = await client.auth.linkIdentity({
      provider: "google",
      options: { redirectTo: `${ORIGIN}/callback`, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const providerUrl = new URL(data.url ?? "");
    expect(`${providerUrl.origin}${providerUrl.pathname}`).toBe(provider.authorizationUrl);
    const back = await atProvider(providerUrl);
    const landed = location(await serviceGet(back.toString()));
    const code = landed.searchParams.get("code") ?? "";
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(signUp.data.user?.id);
    const identities = await client.auth.getUserIdentities();
    expect(identities.data?.identities.map((identity) => identity.provider).sort()).toEqual([
      "email",
      "google",
    ]);

    // Another user linking the same Google account: identity_already_exists in the redirect.
    const other = await pkceClient();
    await other.auth.signUp({ email: uniqueEmail("oauth-link-other"), password: GOOD_PASSWORD });
    provider.nextUser(claims);
    const second = await other.auth.linkIdentity({
      provider: "google",
      options: { redirectTo: `${ORIGIN}/callback`, skipBrowserRedirect: true },
    });
    const refused = location(
      await serviceGet((await atProvider(new URL(second.data.url ?? ""))).toString()),
    );
    expect(refused.searchParams.get("error_code")).toBe("identity_already_exists");
    expect(refused.searchParams.get("error_description")).toBe(
      "Identity is already linked to another user",
    );
    const rows = await queryRows<{ count: number }>(
      getDb(),
      sql`select count(*)::int as count from auth.identities where provider = 'google' and provider_id = ${claims.sub}`,
    );
    expect(rows[0]?.count).toBe(1);
  });

  it("needs a Bearer; without skip_http_redirect it redirects", async () => {
    const anonymous = await rawRequest("GET", "user/identities/authorize?provider=google");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error_code: "no_authorization" });

    const client = await authClient();
    const { data } = await client.auth.signUp({
      email: uniqueEmail("oauth-link-redirect"),
      password: GOOD_PASSWORD,
    });
    const redirect = await rawRequest("GET", "user/identities/authorize?provider=google", {
      headers: { authorization: `Bearer ${data.session?.access_token}` },
    });
    expect(`${location(redirect).origin}`).toBe(provider.issuer);

    const unknown = await rawRequest("GET", "user/identities/authorize?provider=github", {
      headers: { authorization: `Bearer ${data.session?.access_token}` },
    });
    expect(unknown.status).toBe(400);
  });
});

describe("SSO", () => {
  it("answers GoTrue's 'SAML 2.0 is disabled'", async () => {
    const client = await authClient();
    const { data, error } = await client.auth.signInWithSSO({ domain: "example.com" });
    expect(data).toBeNull();
    expect(error?.status).toBe(404);
    expect(error?.code).toBe("saml_provider_disabled");
    expect(error?.message).toBe("SAML 2.0 is disabled");
    const metadata = await rawRequest("GET", "saml/metadata");
    expect(metadata.status).toBe(404);
  });
});
