import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@/lib/auth/schema";
import { authConfig } from "@/lib/auth/service/config";
import { hashPassword } from "@/lib/auth/service/passwords";
import type { Database } from "@/lib/db/connect";
import { closeDb, getDb } from "@/lib/db/client";
import { runAsSystem } from "@/lib/db/run-context";
import { resetEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { REGISTER_LIMIT, registerOrganisation } from "@/lib/organisations/register";
import { organisations } from "@/lib/organisations/schema";
import { consumeRateLimitOn } from "@/lib/rate-limit/counter";
import { randomIp, rawRequest } from "./support/auth-server";
import { drivers, OPEN_TIMEOUT } from "./support/databases";
import { createTestUser } from "./support/organisations";

describe.each(drivers)("rate limit on $name", (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await driver.open();
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database.close();
  });

  it("allows `limit` hits per window, then refuses with a retry delay", async () => {
    const key = `test:${randomUUID()}`;
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(await consumeRateLimitOn(database.db, { key, limit: 3, windowSeconds: 3600 }));
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[0]?.retryAfterSeconds).toBe(0);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(3600);
    const other = await consumeRateLimitOn(database.db, {
      key: `test:${randomUUID()}`,
      limit: 3,
      windowSeconds: 3600,
    });
    expect(other.allowed).toBe(true);
  });

  it("starts over in the next window", async () => {
    const key = `test:${randomUUID()}`;
    const options = { key, limit: 1, windowSeconds: 1 };
    // Start at the beginning of a fresh one-second window so both hits share it.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
    expect((await consumeRateLimitOn(database.db, options)).allowed).toBe(true);
    expect((await consumeRateLimitOn(database.db, options)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await consumeRateLimitOn(database.db, options)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const key = `test:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        consumeRateLimitOn(database.db, { key, limit: 5, windowSeconds: 3600 }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("rejects invalid options", async () => {
    await expect(
      consumeRateLimitOn(database.db, { key: "", limit: 1, windowSeconds: 1 }),
    ).rejects.toThrow();
    await expect(
      consumeRateLimitOn(database.db, { key: "k", limit: 0, windowSeconds: 1 }),
    ).rejects.toThrow();
  });
});

/**
 * The limits built on the counter, each sent one request over its limit: what a client
 * sees when it goes over, and that other clients (or users) are not affected.
 */
describe("limits on the app's doors", () => {
  afterAll(async () => {
    delete process.env.AUTH_RATE_LIMIT_TOKEN_REFRESH;
    resetEnvForTests();
    await closeDb();
  });

  it("password sign-in: the limit per client address, then 429 over_request_rate_limit", async () => {
    // A small limit for the test (the setting a deployment raises or lowers).
    process.env.AUTH_RATE_LIMIT_TOKEN_REFRESH = "5";
    resetEnvForTests();
    const limit = authConfig().rateLimits.tokenRefresh;
    expect(limit).toBe(5);
    const user = await createTestUser(getDb(), "signin-limit");
    const encryptedPassword = await hashPassword("Right-password-1");
    await runAsSystem(getDb(), "test: password", (tx) =>
      tx.update(users).set({ encryptedPassword }).where(eq(users.id, user.userId)),
    );
    // With the API version header, errors carry GoTrue's string code.
    const signIn = (password: string, ip: string) =>
      rawRequest("POST", "token?grant_type=password", {
        body: JSON.stringify({ email: user.email, password }),
        ip,
        headers: { "x-supabase-api-version": "2024-01-01" },
      });
    const ip = randomIp();
    for (let i = 0; i < limit - 1; i += 1) {
      const refused = await signIn("wrong-password", ip);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "invalid_credentials" });
    }
    // The last one allowed succeeds with the right password; the next is refused even so.
    expect((await signIn("Right-password-1", ip)).status).toBe(200);
    const limited = await signIn("Right-password-1", ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await limited.json()).toMatchObject({ code: "over_request_rate_limit" });
    // Another client address is counted on its own.
    expect((await signIn("Right-password-1", randomIp())).status).toBe(200);
  });

  it(`organisation registration: ${REGISTER_LIMIT.limit} per user per hour, then rateLimited`, async () => {
    const user = await createTestUser(getDb(), "register-limit");
    const register = (claims: typeof user.claims, i: number) =>
      registerOrganisation(
        claims,
        {
          name: `Limited ${i}`,
          slug: `limited-${i}-${randomUUID().slice(0, 8)}`,
          contactEmail: user.email,
          country: "US",
          timeZone: "UTC",
          currency: "USD",
        },
        "en",
      );
    for (let i = 0; i < REGISTER_LIMIT.limit; i += 1) {
      expect((await register(user.claims, i)).id).toMatch(/^[0-9a-f-]{36}$/);
    }
    await expect(register(user.claims, REGISTER_LIMIT.limit)).rejects.toEqual(
      new AppError("rateLimited"),
    );
    const created = await runAsSystem(getDb(), "test: created", (tx) =>
      tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.createdBy, user.userId)),
    );
    expect(created).toHaveLength(REGISTER_LIMIT.limit);
    // Another user is counted on their own.
    const other = await createTestUser(getDb(), "register-other");
    expect((await register(other.claims, 99)).id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
