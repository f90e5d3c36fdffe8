import { decodeJwt, generateKeyPair, SignJWT, base64url } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getKeyRing } from "@/lib/auth/service/keys";
import { verifyAccessToken } from "@/lib/auth/service/tokens";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import {
  authClient,
  GOOD_PASSWORD,
  ORIGIN,
  randomIp,
  rawRequest,
  uniqueEmail,
} from "./support/auth-server";

/** Wire conventions and Bearer security of /auth/v1 (auth-contract.md), on the real handler. */
const VERSIONED = { "x-supabase-api-version": "2024-01-01" };

beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.AUTH_AUTOCONFIRM;
  resetEnvForTests();
  await closeDb();
});

const passwordSignIn = (headers: Record<string, string> = {}) =>
  rawRequest("POST", "token?grant_type=password", {
    body: JSON.stringify({ email: uniqueEmail("nobody"), password: GOOD_PASSWORD }),
    headers,
  });

describe("error shapes", () => {
  it("answers {code, message} and echoes the API version header when asked for 2024-01-01", async () => {
    const response = await passwordSignIn({ ...VERSIONED, origin: ORIGIN });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(response.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(response.headers.get("access-control-expose-headers")).toContain(
      "X-Supabase-Api-Version",
    );
    expect(await response.json()).toEqual({
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });
  });

  it("answers {code: status, error_code, msg} without the header", async () => {
    const response = await passwordSignIn();
    expect(response.headers.get("x-supabase-api-version")).toBeNull();
    expect(await response.json()).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
  });

  it("puts the weak password reasons in both shapes", async () => {
    const body = JSON.stringify({ email: uniqueEmail(), password: "short" });
    const versioned = await rawRequest("POST", "signup", { body, headers: VERSIONED });
    expect(versioned.status).toBe(422);
    expect(await versioned.json()).toMatchObject({
      code: "weak_password",
      weak_password: { reasons: ["length"] },
    });
    const legacy = await rawRequest("POST", "signup", { body });
    expect(await legacy.json()).toMatchObject({
      error_code: "weak_password",
      weak_password: { reasons: ["length"] },
    });
  });
});

describe("request bodies", () => {
  it("ignores unknown and null fields", async () => {
    const response = await rawRequest("POST", "signup", {
      headers: VERSIONED,
      body: JSON.stringify({
        email: uniqueEmail(),
        password: GOOD_PASSWORD,
        phone: null,
        data: null,
        code_challenge: null,
        code_challenge_method: null,
        gotrue_meta_security: { captcha_token: null },
        something_new: { nested: true },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      token_type: "bearer",
      user: { user_metadata: {} },
    });
  });

  it("refuses a body over 1 MB with 413 request_entity_too_large", async () => {
    const response = await rawRequest("POST", "signup", {
      headers: VERSIONED,
      body: JSON.stringify({
        email: uniqueEmail(),
        password: GOOD_PASSWORD,
        data: { blob: "x".repeat(1_100_000) },
      }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "request_entity_too_large" });
  });

  it("validates email addresses and answers 400 bad_json for unreadable bodies", async () => {
    const client = await authClient();
    const { error } = await client.auth.signUp({
      email: "not-an-address",
      password: GOOD_PASSWORD,
    });
    expect(error?.status).toBe(400);
    expect(error?.message).toBe("Unable to validate email address: invalid format");
    const broken = await rawRequest("POST", "signup", { headers: VERSIONED, body: "{oops" });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: "bad_json" });
  });
});

describe("public endpoints", () => {
  it("publishes the JWKS with Cache-Control public, max-age=600 and no private part", async () => {
    const response = await rawRequest("GET", ".well-known/jwks.json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=600");
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    const ring = await getKeyRing();
    expect(keys.map((k) => k.kid)).toContain(ring.kid);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
      expect(key.d).toBeUndefined();
    }
  });

  it("answers /settings, /health, CORS preflight and 404", async () => {
    expect(await (await rawRequest("GET", "settings")).json()).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      external: { email: true, phone: true },
    });
    expect(await (await rawRequest("GET", "health")).json()).toMatchObject({ name: "GoTrue" });
    const preflight = await rawRequest("OPTIONS", "token", { headers: { origin: ORIGIN } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain(
      "x-supabase-api-version",
    );
    const foreign = await rawRequest("OPTIONS", "token", {
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect((await rawRequest("GET", "nowhere", { headers: VERSIONED })).status).toBe(404);
  });

  it("limits sign-ups to 30 per 5 minutes per client address (429)", async () => {
    const ip = randomIp();
    const body = JSON.stringify({ email: uniqueEmail(), password: "short" });
    for (let i = 0; i < 30; i += 1) {
      expect((await rawRequest("POST", "signup", { body, ip })).status).toBe(422);
    }
    const limited = await rawRequest("POST", "signup", { body, ip, headers: VERSIONED });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({ code: "over_request_rate_limit" });
    expect((await rawRequest("POST", "signup", { body, ip: randomIp() })).status).toBe(422);
  });
});

describe("Bearer checks", () => {
  let token: string;

  beforeAll(async () => {
    const client = await authClient();
    const { data } = await client.auth.signUp({ email: uniqueEmail(), password: GOOD_PASSWORD });
    token = data.session?.access_token ?? "";
  });

  const getUser = (bearer?: string) =>
    rawRequest("GET", "user", {
      headers: { ...VERSIONED, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    });

  async function expectBadJwt(bearer: string) {
    const response = await getUser(bearer);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe("bad_jwt");
    await expect(verifyAccessToken(bearer)).rejects.toMatchObject({ status: 403, code: "bad_jwt" });
  }

  const resign = async (
    claims: Record<string, unknown>,
    header: { alg: string; kid?: string },
    key?: CryptoKey,
  ) => {
    const ring = await getKeyRing();
    return new SignJWT(claims).setProtectedHeader(header).sign(key ?? ring.privateKey);
  };

  it("accepts the genuine token and answers 401 no_authorization without one", async () => {
    expect((await getUser(token)).status).toBe(200);
    const missing = await getUser();
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      code: "no_authorization",
      message: "This endpoint requires a valid Bearer token",
    });
  });

  it("refuses alg none", async () => {
    const [, payload] = token.split(".");
    const header = base64url.encode(
      JSON.stringify({ alg: "none", typ: "JWT", kid: (await getKeyRing()).kid }),
    );
    await expectBadJwt(`${header}.${payload}.`);
  });

  it("refuses HS256 signed with the public key as a secret", async () => {
    const ring = await getKeyRing();
    const secret = new TextEncoder().encode(JSON.stringify(ring.publicKeys[0]?.jwk));
    const forged = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: "HS256", kid: ring.kid })
      .sign(secret);
    await expectBadJwt(forged);
  });

  it("refuses a token signed by another key under our kid", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    await expectBadJwt(
      await resign(decodeJwt(token), { alg: "ES256", kid: (await getKeyRing()).kid }, privateKey),
    );
  });

  it("refuses an unknown kid", async () => {
    await expectBadJwt(await resign(decodeJwt(token), { alg: "ES256", kid: "not-our-key" }));
  });

  it("refuses an expired token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const kid = (await getKeyRing()).kid;
    await expectBadJwt(
      await resign(
        { ...decodeJwt(token), iat: now - 7200, exp: now - 3600 },
        { alg: "ES256", kid },
      ),
    );
  });

  it("refuses a tampered payload, also in getClaims", async () => {
    const [header, , signature] = token.split(".");
    const claims = { ...decodeJwt(token), role: "service_role" };
    const tampered = `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`;
    await expectBadJwt(tampered);
    const client = await authClient();
    const { data, error } = await client.auth.getClaims(tampered);
    expect(data).toBeNull();
    expect(error?.message).toMatch(/signature/i);
  });
});

describe("confirmation required (AUTH_AUTOCONFIRM=false)", () => {
  beforeAll(() => {
    process.env.AUTH_AUTOCONFIRM = "false";
    // The confirmation mail counts against the hourly limit that the whole run shares.
    process.env.AUTH_RATE_LIMIT_EMAIL_SENT = "100000";
    resetEnvForTests();
  });
  afterAll(() => {
    process.env.AUTH_AUTOCONFIRM = "true";
    delete process.env.AUTH_RATE_LIMIT_EMAIL_SENT;
    resetEnvForTests();
  });

  it("creates the user unconfirmed, answers without a session, and refuses sign-in", async () => {
    const client = await authClient();
    const email = uniqueEmail("unconfirmed");
    const { data, error } = await client.auth.signUp({ email, password: GOOD_PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const signIn = await client.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(signIn.error?.code).toBe("email_not_confirmed");
  });
});
