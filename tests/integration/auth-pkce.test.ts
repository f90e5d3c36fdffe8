import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import { resetMailAdapterForTests } from "@/lib/mail/adapter";
import { authClient, GOOD_PASSWORD, ORIGIN, rawRequest, uniqueEmail } from "./support/auth-server";
import { clearSendLimit, lastMail } from "./support/auth-messages";

/** PKCE through supabase-js (flowType "pkce"), and the redirect_to allow-list. */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "false";
  process.env.AUTH_RATE_LIMIT_EMAIL_SENT = "100000";
  resetEnvForTests();
  resetMailAdapterForTests();
});

afterEach(() => {
  delete process.env.AUTH_REDIRECT_ALLOW_LIST;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.AUTH_AUTOCONFIRM;
  delete process.env.AUTH_RATE_LIMIT_EMAIL_SENT;
  resetEnvForTests();
  await closeDb();
});

const pkceClient = () => authClient({ pkce: true });

async function openLink(link: string): Promise<URL> {
  const url = new URL(link);
  const response = await rawRequest(
    "GET",
    `${url.pathname.replace(/^\/auth\/v1\//, "")}${url.search}`,
  );
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location") ?? "");
}

async function flowRows(email: string) {
  return queryRows<{ code_challenge_method: string; authentication_method: string }>(
    getDb(),
    sql`select f.code_challenge_method::text, f.authentication_method from auth.flow_state f
        join auth.users u on u.id = f.user_id where u.email = ${email}`,
  );
}

describe("PKCE", () => {
  it("sign-up: the link redirects with ?code=, exchangeCodeForSession gives the session once", async () => {
    const client = await pkceClient();
    const email = uniqueEmail("pkce");
    const signUp = await client.auth.signUp({
      email,
      password: GOOD_PASSWORD,
      options: { emailRedirectTo: `${ORIGIN}/auth/callback` },
    });
    expect(signUp.error).toBeNull();
    expect(await flowRows(email)).toEqual([
      { code_challenge_method: "s256", authentication_method: "email/signup" },
    ]);
    const link = (await lastMail(email)).link ?? "";
    expect(new URL(link).searchParams.get("token")).toMatch(/^pkce_/);
    const location = await openLink(link);
    expect(location.pathname).toBe("/auth/callback");
    expect(location.hash).toBe("");
    const code = location.searchParams.get("code") ?? "";
    expect(code).not.toBe("");

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.session?.access_token).toEqual(expect.any(String));

    // Single use.
    const again = await rawRequest("POST", "token?grant_type=pkce", {
      body: JSON.stringify({ auth_code: code, code_verifier: "x".repeat(43) }),
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "flow_state_not_found" });
  });

  it("recovery: exchangeCodeForSession reports redirectType recovery", async () => {
    const client = await pkceClient();
    const email = uniqueEmail("pkce-recover");
    await client.auth.signUp({ email, password: GOOD_PASSWORD });
    await client.auth.verifyOtp({
      email,
      token: (await lastMail(email)).code ?? "",
      type: "signup",
    });
    await clearSendLimit(email);
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    const location = await openLink((await lastMail(email)).link ?? "");
    const result = await client.auth.exchangeCodeForSession(
      location.searchParams.get("code") ?? "",
    );
    expect(result.error).toBeNull();
    expect((result.data as { redirectType?: string | null }).redirectType).toBe("recovery");
  });

  it("a wrong verifier → 403 bad_code_verifier; plain method works with the verifier itself", async () => {
    const email = uniqueEmail("pkce-raw");
    const verifier = "v".repeat(50);
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    await rawRequest("POST", "otp", {
      body: JSON.stringify({ email, code_challenge: challenge, code_challenge_method: "s256" }),
    });
    const location = await openLink((await lastMail(email)).link ?? "");
    const code = location.searchParams.get("code") ?? "";
    const wrong = await rawRequest("POST", "token?grant_type=pkce", {
      body: JSON.stringify({ auth_code: code, code_verifier: "w".repeat(50) }),
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: "bad_code_verifier" });
    const right = await rawRequest("POST", "token?grant_type=pkce", {
      body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
    });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ user: { email } });

    const plainEmail = uniqueEmail("pkce-plain");
    const plain = "p".repeat(60);
    await rawRequest("POST", "otp", {
      body: JSON.stringify({
        email: plainEmail,
        code_challenge: plain,
        code_challenge_method: "plain",
      }),
    });
    const plainCode = (await openLink((await lastMail(plainEmail)).link ?? "")).searchParams.get(
      "code",
    );
    const exchanged = await rawRequest("POST", "token?grant_type=pkce", {
      body: JSON.stringify({ auth_code: plainCode, code_verifier: plain }),
    });
    expect(exchanged.status).toBe(200);
  });

  it("codes expire 300 s after they were issued", async () => {
    const email = uniqueEmail("pkce-old");
    const verifier = "o".repeat(50);
    await rawRequest("POST", "otp", {
      body: JSON.stringify({
        email,
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "s256",
      }),
    });
    const code = (await openLink((await lastMail(email)).link ?? "")).searchParams.get("code");
    await getDb().execute(
      sql`update auth.flow_state set auth_code_issued_at = now() - interval '301 seconds' where auth_code = ${code}`,
    );
    const response = await rawRequest("POST", "token?grant_type=pkce", {
      body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "flow_state_expired" });
  });

  it("an invalid link under PKCE puts the error in the query and the fragment", async () => {
    const location = await openLink(
      `${ORIGIN}/auth/v1/verify?token=pkce_nothing&type=signup&redirect_to=${encodeURIComponent(`${ORIGIN}/cb`)}`,
    );
    expect(location.pathname).toBe("/cb");
    expect(location.searchParams.get("error_code")).toBe("otp_expired");
    expect(new URLSearchParams(location.hash.slice(1)).get("error")).toBe("access_denied");
  });
});

describe("redirect_to allow-list", () => {
  async function redirectFor(target: string): Promise<URL> {
    const email = uniqueEmail("redirect");
    await rawRequest("POST", `otp?redirect_to=${encodeURIComponent(target)}`, {
      body: JSON.stringify({ email }),
    });
    return openLink((await lastMail(email)).link ?? "");
  }

  it("allows listed targets and globs, nothing else", async () => {
    process.env.AUTH_REDIRECT_ALLOW_LIST =
      "https://app.example.com/callback, https://*.preview.example.com/**, myapp://auth";
    resetEnvForTests();
    expect((await redirectFor("https://app.example.com/callback")).origin).toBe(
      "https://app.example.com",
    );
    expect((await redirectFor("https://pr-12.preview.example.com/a/b")).host).toBe(
      "pr-12.preview.example.com",
    );
    expect((await redirectFor("myapp://auth")).protocol).toBe("myapp:");
    // * does not cross a dot; other paths and hosts fall back to the site.
    expect((await redirectFor("https://a.b.preview.example.com/x")).origin).toBe(ORIGIN);
    expect((await redirectFor("https://app.example.com/other")).origin).toBe(ORIGIN);
    expect((await redirectFor("https://app.example.com.evil.com/callback")).origin).toBe(ORIGIN);
    expect((await redirectFor("javascript:alert(1)")).origin).toBe(ORIGIN);
  });
});
