import { exportJWK, generateKeyPair } from "jose";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getApiKeys, getJwks, getKeyRing, resetKeyRingForTests } from "@/lib/auth/service/keys";
import { signAccessToken, verifyAccessToken } from "@/lib/auth/service/tokens";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import { ORIGIN } from "./support/auth-server";

/** Signing keys are created once and kept; the API keys are stable JWTs of that key. */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  resetEnvForTests();
  resetKeyRingForTests();
});

afterAll(async () => {
  delete process.env.AUTH_SIGNING_KEY;
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
