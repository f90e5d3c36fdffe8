import {
  base64url,
  CompactSign,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  SignJWT,
} from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getKeyRing } from "@/lib/auth/service/keys";
import {
  signAccessToken,
  verifyAccessToken,
  type AccessTokenInput,
} from "@/lib/auth/service/tokens";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { ORIGIN } from "./support/auth-server";

/**
 * The access tokens of lib/auth/service/tokens.ts, signed and verified in-process: the exact
 * claims and header they carry, and golang-jwt's words for each reason a token is refused
 * (GoTrue answers them in the bad_jwt message, clients show them).
 */
const ISSUER = `${ORIGIN}/auth/v1`;
const SUB = "00000000-0000-4000-8000-0000000000a1";
const SESSION = "00000000-0000-4000-8000-0000000000b2";
const LEGACY_SECRET = "a-legacy-hs256-secret-of-at-least-32-characters";

const input: AccessTokenInput = {
  userId: SUB,
  email: "ada@example.com",
  phone: "34600000001",
  appMetadata: { provider: "email", providers: ["email"] },
  userMetadata: { name: "Ada" },
  role: "authenticated",
  aal: "aal2",
  amr: [
    { method: "totp", timestamp: 1_700_000_100 },
    { method: "password", timestamp: 1_700_000_000 },
  ],
  sessionId: SESSION,
  isAnonymous: false,
};

beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  resetEnvForTests();
});

afterEach(() => {
  delete process.env.AUTH_JWT_EXPIRY;
  delete process.env.AUTH_JWT_SECRET;
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function refusedWith(token: string, reason: string) {
  await expect(verifyAccessToken(token)).rejects.toMatchObject({
    name: "AuthError",
    status: 403,
    code: "bad_jwt",
    message: `invalid JWT: unable to parse or verify signature, ${reason}`,
  });
}

/** Claims signed with the ring's key under its kid (or the header given). */
async function signed(
  claims: Record<string, unknown>,
  header: { alg: string; kid?: string; typ?: string } | null = null,
  key?: CryptoKey | Uint8Array,
) {
  const ring = await getKeyRing();
  return new SignJWT(claims)
    .setProtectedHeader(header ?? { alg: ring.alg, kid: ring.kid, typ: "JWT" })
    .sign(key ?? ring.privateKey);
}

const valid = () => {
  const now = nowSeconds();
  return { sub: SUB, session_id: SESSION, iss: ISSUER, iat: now, exp: now + 600 };
};

describe("signAccessToken", () => {
  it("signs GoTrue's claims with the ring's key and kid, typ JWT, valid for AUTH_JWT_EXPIRY", async () => {
    process.env.AUTH_JWT_EXPIRY = "900";
    resetEnvForTests();
    const ring = await getKeyRing();
    const before = nowSeconds();
    const answer = await signAccessToken(input);
    const after = nowSeconds();

    expect(decodeProtectedHeader(answer.token)).toEqual({
      alg: ring.alg,
      kid: ring.kid,
      typ: "JWT",
    });
    const claims = decodeJwt(answer.token);
    const iat = claims.iat ?? 0;
    expect(iat).toBeGreaterThanOrEqual(before);
    expect(iat).toBeLessThanOrEqual(after);
    expect(claims).toEqual({
      aud: "authenticated",
      exp: iat + 900,
      iat,
      iss: ISSUER,
      sub: SUB,
      email: "ada@example.com",
      phone: "34600000001",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { name: "Ada" },
      role: "authenticated",
      aal: "aal2",
      amr: input.amr,
      session_id: SESSION,
      is_anonymous: false,
    });
    expect(answer).toEqual({ token: answer.token, expiresAt: iat + 900, expiresIn: 900 });
    expect(await verifyAccessToken(answer.token)).toEqual(claims);
  });

  it("issues at the time it is given; a token issued an expiry ago is refused as expired", async () => {
    const now = nowSeconds() - 3600;
    const answer = await signAccessToken({ ...input, isAnonymous: true }, now);
    expect(decodeJwt(answer.token)).toMatchObject({ iat: now, exp: now + 3600 });
    expect(answer.expiresAt).toBe(now + 3600);
    expect(answer.expiresIn).toBe(3600);
    await refusedWith(answer.token, "token has invalid claims: token is expired");
  });
});

describe("verifyAccessToken: GoTrue's reason for each refusal", () => {
  it("accepts a token of the ring's key with our issuer and returns its claims", async () => {
    const claims = { ...valid(), role: "authenticated" };
    expect(await verifyAccessToken(await signed(claims))).toEqual(claims);
  });

  it("an undecodable header, or not three parts", async () => {
    const [header, payload, signature] = (await signed(valid())).split(".");
    for (const token of [
      "not-a-jwt",
      "",
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.x`,
    ])
      await refusedWith(token, "token is malformed: could not base64 decode header");
  });

  it("an algorithm other than ES256 and RS256 (alg none, HS256 without a secret, none at all)", async () => {
    const [, payload] = (await signed(valid())).split(".");
    const kid = (await getKeyRing()).kid;
    const none = base64url.encode(JSON.stringify({ alg: "none", kid, typ: "JWT" }));
    await refusedWith(
      `${none}.${payload}.`,
      "token is unverifiable: signing method none is invalid",
    );
    // Refused for the algorithm itself, before the kid is looked at.
    const noneWithoutKid = base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }));
    await refusedWith(
      `${noneWithoutKid}.${payload}.`,
      "token is unverifiable: signing method none is invalid",
    );
    const missing = base64url.encode(JSON.stringify({ kid, typ: "JWT" }));
    await refusedWith(
      `${missing}.${payload}.`,
      "token is unverifiable: signing method undefined is invalid",
    );
    const hs256 = await signed(
      valid(),
      { alg: "HS256", kid, typ: "JWT" },
      new TextEncoder().encode(LEGACY_SECRET),
    );
    await refusedWith(hs256, "token is unverifiable: signing method HS256 is invalid");
  });

  it("no kid, an unknown kid, a kid whose key has another algorithm", async () => {
    const ring = await getKeyRing();
    await refusedWith(
      await signed(valid(), { alg: ring.alg, typ: "JWT" }),
      "token is unverifiable: missing kid",
    );
    await refusedWith(
      await signed(valid(), { alg: ring.alg, kid: "nobody's-key", typ: "JWT" }),
      "token is unverifiable: no key with kid nobody's-key",
    );
    // The ring's key is ES256: an RS256 token under its kid is refused before any check.
    expect(ring.alg).toBe("ES256");
    const { privateKey } = await generateKeyPair("RS256");
    await refusedWith(
      await signed(valid(), { alg: "RS256", kid: ring.kid, typ: "JWT" }, privateKey),
      "token is unverifiable: signing method RS256 is invalid",
    );
  });

  it("a signature of another key", async () => {
    const ring = await getKeyRing();
    const { privateKey } = await generateKeyPair("ES256");
    await refusedWith(
      await signed(valid(), { alg: "ES256", kid: ring.kid, typ: "JWT" }, privateKey),
      "token signature is invalid: signature verification failed",
    );
  });

  it("expiry, another or no issuer, not valid yet, a claim that is not a number", async () => {
    const now = nowSeconds();
    await refusedWith(
      await signed({ ...valid(), iat: now - 7200, exp: now - 3600 }),
      "token has invalid claims: token is expired",
    );
    await refusedWith(
      await signed({ ...valid(), iss: "https://elsewhere.example/auth/v1" }),
      "token has invalid claims: token has invalid issuer",
    );
    const { iss: _iss, ...withoutIssuer } = valid();
    await refusedWith(
      await signed(withoutIssuer),
      "token has invalid claims: token has invalid issuer",
    );
    await refusedWith(
      await signed({ ...valid(), nbf: now + 3600 }),
      "token has invalid claims: token is not valid yet",
    );
    await refusedWith(
      await signed({ ...valid(), exp: "tomorrow" }),
      'token has invalid claims: "exp" claim must be a number',
    );
  });

  it("a signed payload that is not a JSON claims set", async () => {
    const ring = await getKeyRing();
    const notJson = await new CompactSign(new TextEncoder().encode("not json"))
      .setProtectedHeader({ alg: ring.alg, kid: ring.kid, typ: "JWT" })
      .sign(ring.privateKey);
    await refusedWith(notJson, "token is malformed");
  });
});

describe("verifyAccessToken with AUTH_JWT_SECRET (legacy HS256)", () => {
  const secret = new TextEncoder().encode(LEGACY_SECRET);

  it("accepts HS256 with the secret, whatever the issuer, and still the ring's own tokens", async () => {
    process.env.AUTH_JWT_SECRET = LEGACY_SECRET;
    resetEnvForTests();
    const legacy = { ...valid(), iss: "supabase", role: "service_role" };
    expect(
      await verifyAccessToken(await signed(legacy, { alg: "HS256", typ: "JWT" }, secret)),
    ).toEqual(legacy);
    const own = { ...valid(), role: "authenticated" };
    expect(await verifyAccessToken(await signed(own))).toEqual(own);
  });

  it("refuses HS256 with another secret, or expired, with golang-jwt's reasons", async () => {
    process.env.AUTH_JWT_SECRET = LEGACY_SECRET;
    resetEnvForTests();
    const other = new TextEncoder().encode("another-secret-that-is-also-32-characters-long");
    await refusedWith(
      await signed(valid(), { alg: "HS256", typ: "JWT" }, other),
      "token signature is invalid: signature verification failed",
    );
    const now = nowSeconds();
    await refusedWith(
      await signed({ ...valid(), iat: now - 7200, exp: now - 3600 }, { alg: "HS256" }, secret),
      "token has invalid claims: token is expired",
    );
  });
});
