import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getHealth } from "@/app/api/health/route";
import { GET as getKeyValues } from "@/app/api/key-values/route";
import { closeDb, getDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { seedDatabase } from "@/lib/db/seed";
import { getPublicKeyValues, invalidatePublicKeyValues } from "@/lib/settings/key-values";

describe("key-values and health through the app's database (getDb)", () => {
  beforeAll(async () => {
    await seedDatabase(getDb());
    invalidatePublicKeyValues();
  });

  afterAll(async () => {
    await closeDb();
  });

  it("getPublicKeyValues returns the public settings only", async () => {
    const map = await getPublicKeyValues();
    expect(map.support_email).toBe("support@livemarket.local");
    expect(map.site_tagline).toEqual(expect.any(String));
    expect(map).not.toHaveProperty("platform_fee_basis_points");
  });

  it("GET /api/key-values answers the map, cacheable for a short time", async () => {
    const response = await getKeyValues();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.support_email).toBe("support@livemarket.local");
    expect(body).not.toHaveProperty("platform_fee_basis_points");
  });

  it("GET /api/health reports the database", async () => {
    const response = await getHealth();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: { status: "ok", driver: "postgres" },
    });
  });

  it("GET /api/health answers 503 when the database is down", async () => {
    const url = process.env.DATABASE_URL;
    await closeDb();
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/livemarket_nowhere";
    resetEnvForTests();
    try {
      const response = await getHealth();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        status: "error",
        database: { status: "down" },
      });
    } finally {
      await closeDb();
      process.env.DATABASE_URL = url;
      resetEnvForTests();
    }
  });
});
