import { createClient } from "@supabase/supabase-js";
import { decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from "jose";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getApiKeys, getJwks, getKeyRing, resetKeyRingForTests } from "@/lib/auth/service/keys";
import { signAccessToken, verifyAccessToken } from "@/lib/auth/service/tokens";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import {
  GOOD_PASSWORD,
  inProcessFetch,
  ORIGIN,
  rawRequest,
  uniqueEmail,
} from "./support/auth-server";

/** Signing keys are created once and kept; the API keys are stable JWTs of that key. */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  resetEnvForTests();
  resetKeyRingForTests();
});

afterAll(async () => {
  delete process.env.AUTH_SIGNING_KEY;
  delete process.env.AUTH_JWT_SECRET;
  delete process.env.AUTH_JWT_KEYS;
  delete process.env.AUTH_AUTOCONFIRM;
  resetEnvForTests();
  resetKeyRingForTests();
  await closeDb();
});

describe("signing keys", () => {
  it("keeps one key in the database and hands out the same API keys after a restart", async () => {
    const before = await getKeyRing();
    const keys = await getApiKeys();
    resetKeyRingForTests();
    const after = await getKeyRing();
    expect(after.kid).toBe(before.kid);
    expect(await getApiKeys()).toEqual(keys);
    const rows = await queryRows<{ count: string | number }>(
      getDb(),
      sql`select count(*) as count from auth.signing_keys where private_jwk is not null`,
    );
    expect(Number(rows[0]?.count)).toBe(1);
  });

  it("signs the anon and service_role keys with role claims, verifiable like access tokens", async () => {
    const { anonKey, serviceRoleKey } = await getApiKeys();
    const anon = await verifyAccessToken(anonKey);
    const service = await verifyAccessToken(serviceRoleKey);
    expect(anon).toMatchObject({ role: "anon", iss: `${ORIGIN}/auth/v1` });
    expect(service).toMatchObject({ role: "service_role", iss: `${ORIGIN}/auth/v1` });
    expect((anon.exp ?? 0) - (anon.iat ?? 0)).toBeGreaterThan(5 * 365 * 24 * 3600);
  });

  it("signs with the key given by AUTH_SIGNING_KEY and publishes it beside the stored one", async () => {
    const stored = (await getKeyRing()).kid;
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    process.env.AUTH_SIGNING_KEY = JSON.stringify({
      ...(await exportJWK(privateKey)),
      kid: "from-setting",
    });
    resetEnvForTests();
    resetKeyRingForTests();
    try {
      const ring = await getKeyRing();
      expect(ring.kid).toBe("from-setting");
      expect((await getJwks()).keys.map((k) => k.kid)).toEqual(
        expect.arrayContaining(["from-setting", stored]),
      );
      const { token } = await signAccessToken({
        userId: "00000000-0000-4000-8000-000000000001",
        email: "",
        phone: "",
        appMetadata: {},
        userMetadata: {},
        role: "authenticated",
        aal: "aal1",
        amr: [],
        sessionId: "00000000-0000-4000-8000-000000000002",
        isAnonymous: false,
      });
      expect((await verifyAccessToken(token)).sub).toBe("00000000-0000-4000-8000-000000000001");
      const rows = await queryRows<{ private_jwk: unknown }>(
        getDb(),
        sql`select private_jwk from auth.signing_keys where kid = 'from-setting'`,
      );
      expect(rows).toEqual([{ private_jwk: null }]);
    } finally {
      await getDb().execute(sql`delete from auth.signing_keys where kid = 'from-setting'`);
      delete process.env.AUTH_SIGNING_KEY;
      resetEnvForTests();
      resetKeyRingForTests();
    }
  });
});

class NoRealtime {
  constructor() {
    throw new Error("Realtime is not used by the auth tests.");
  }
}

const clientWith = (key: string) =>
  createClient(ORIGIN, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: inProcessFetch() },
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
  });

/** A Supabase project's legacy API key: HS256 with the project's JWT secret. */
function legacyKey(role: string, secret: string, iss = "supabase-demo"): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(iss)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(secret));
}

const SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

describe("AUTH_JWT_SECRET (a Supabase project's legacy keys)", () => {
  it("accepts its anon and service_role keys, whatever their issuer; refuses other secrets", async () => {
    const anon = await legacyKey("anon", SECRET);
    const service = await legacyKey("service_role", SECRET, "supabase");
    const forged = await legacyKey("service_role", "another-secret-of-at-least-thirty-two-chars");

    // Without the setting, HS256 is nobody's key.
    const before = await rawRequest("GET", "settings", { headers: { apikey: anon } });
    expect(before.status).toBe(401);

    process.env.AUTH_JWT_SECRET = SECRET;
    process.env.AUTH_AUTOCONFIRM = "true";
    resetEnvForTests();
    try {
      const signUp = await clientWith(anon).auth.signUp({
        email: uniqueEmail("legacy"),
        password: GOOD_PASSWORD,
      });
      expect(signUp.error).toBeNull();
      // Tokens are still signed with the asymmetric key.
      expect(decodeProtectedHeader(signUp.data.session?.access_token ?? "").alg).toBe("ES256");

      const listed = await clientWith(service).auth.admin.listUsers({ perPage: 1 });
      expect(listed.error).toBeNull();
      expect(listed.data.users).toHaveLength(1);

      const wrongKey = await rawRequest("GET", "settings", {
        headers: { apikey: forged, "X-Supabase-Api-Version": "2024-01-01" },
      });
      expect(wrongKey.status).toBe(401);
      expect(((await wrongKey.json()) as { code: string }).code).toBe("invalid_api_key");
      const wrongBearer = await rawRequest("GET", "admin/users", {
        headers: { authorization: `Bearer ${forged}`, "X-Supabase-Api-Version": "2024-01-01" },
      });
      expect(wrongBearer.status).toBe(403);
      expect(await wrongBearer.json()).toEqual({
        code: "bad_jwt",
        message:
          "invalid JWT: unable to parse or verify signature, token signature is invalid: signature verification failed",
      });
    } finally {
      delete process.env.AUTH_JWT_SECRET;
      delete process.env.AUTH_AUTOCONFIRM;
      resetEnvForTests();
    }
  });
});

describe("AUTH_JWT_KEYS (a JWK set: RS256 and ES256)", () => {
  it("signs with the first key, verifies with all, publishes all", async () => {
    const rsa = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
    const ec = await generateKeyPair("ES256", { extractable: true });
    process.env.AUTH_JWT_KEYS = JSON.stringify({
      keys: [
        { ...(await exportJWK(rsa.privateKey)), kid: "rsa-first" },
        { ...(await exportJWK(ec.privateKey)), kid: "ec-second" },
      ],
    });
    process.env.AUTH_AUTOCONFIRM = "true";
    resetEnvForTests();
    resetKeyRingForTests();
    try {
      const ring = await getKeyRing();
      expect(ring).toMatchObject({ kid: "rsa-first", alg: "RS256" });
      const jwks = (await getJwks()).keys;
      expect(jwks.find((k) => k.kid === "rsa-first")).toMatchObject({ kty: "RSA", alg: "RS256" });
      expect(jwks.find((k) => k.kid === "ec-second")).toMatchObject({ kty: "EC", alg: "ES256" });
      expect(jwks.every((k) => k.d === undefined)).toBe(true);

      const { anonKey } = await getApiKeys();
      expect(decodeProtectedHeader(anonKey)).toMatchObject({ alg: "RS256", kid: "rsa-first" });
      const client = clientWith(anonKey);
      const { data, error } = await client.auth.signUp({
        email: uniqueEmail("rs256"),
        password: GOOD_PASSWORD,
      });
      expect(error).toBeNull();
      const token = data.session?.access_token ?? "";
      expect(decodeProtectedHeader(token)).toMatchObject({ alg: "RS256", kid: "rsa-first" });
      // auth-js verifies it locally with the published JWKS.
      const claims = await client.auth.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.claims.sub).toBe(data.user?.id);
      expect((await client.auth.getUser()).data.user?.id).toBe(data.user?.id);

      // The second key verifies: a token it signed is accepted.
      const now = Math.floor(Date.now() / 1000);
      const bySecond = await new SignJWT({ role: "service_role" })
        .setProtectedHeader({ alg: "ES256", kid: "ec-second", typ: "JWT" })
        .setIssuer(`${ORIGIN}/auth/v1`)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(ec.privateKey);
      expect((await verifyAccessToken(bySecond)).role).toBe("service_role");
      // A token claiming RS256 under the EC key's kid is refused.
      const mislabelled = await new SignJWT({ role: "service_role" })
        .setProtectedHeader({ alg: "RS256", kid: "ec-second", typ: "JWT" })
        .setIssuer(`${ORIGIN}/auth/v1`)
        .setExpirationTime(now + 60)
        .sign(rsa.privateKey);
      await expect(verifyAccessToken(mislabelled)).rejects.toMatchObject({
        status: 403,
        code: "bad_jwt",
      });
    } finally {
      await getDb().execute(sql`delete from auth.signing_keys where kid = 'rsa-first'`);
      delete process.env.AUTH_JWT_KEYS;
      delete process.env.AUTH_AUTOCONFIRM;
      resetEnvForTests();
      resetKeyRingForTests();
    }
  });
});

describe("a bearer that fails verification", () => {
  it("says why as GoTrue does: another issuer is not a bad signature", async () => {
    const ring = await getKeyRing();
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      sub: "00000000-0000-4000-8000-000000000001",
      session_id: "00000000-0000-4000-8000-000000000002",
      role: "authenticated",
    })
      .setProtectedHeader({ alg: ring.alg, kid: ring.kid, typ: "JWT" })
      .setIssuer("https://elsewhere.example/auth/v1")
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(ring.privateKey);
    const answer = await rawRequest("GET", "user", {
      headers: { authorization: `Bearer ${token}`, "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      code: "bad_jwt",
      message:
        "invalid JWT: unable to parse or verify signature, token has invalid claims: token has invalid issuer",
    });
  });
});
