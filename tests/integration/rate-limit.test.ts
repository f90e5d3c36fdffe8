import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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
    const consume = (options: { key: string; limit: number; windowSeconds: number }) =>
      consumeRateLimitOn(database.db, options);
    await expect(consume({ key: "", limit: 1, windowSeconds: 1 })).rejects.toThrow(
      "A rate limit needs a key.",
    );
    for (const limit of [0, 1.5]) {
      await expect(consume({ key: "k", limit, windowSeconds: 1 })).rejects.toThrow(
        "limit must be a positive integer.",
      );
    }
    for (const windowSeconds of [0, -1, 1.5]) {
      await expect(consume({ key: "k", limit: 1, windowSeconds })).rejects.toThrow(
        "windowSeconds must be a positive integer.",
      );
    }
  });

  it("deletes expired counters on one call in a hundred", async () => {
    const stale = `test:stale:${randomUUID()}`;
    const exists = async () => {
      const rows = await runAsSystem(database.db, "test: read", (tx) =>
        tx.execute(sql`select 1 from rate_limits where key = ${stale}`),
      );
      return (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows).length === 1;
    };
    const hit = () =>
      consumeRateLimitOn(database.db, { key: `test:${randomUUID()}`, limit: 1, windowSeconds: 60 });
    await runAsSystem(database.db, "test: stale counter", (tx) =>
      tx.execute(sql`insert into rate_limits (key, window_start, count, expires_at)
        values (${stale}, now() - interval '2 hours', 1, now() - interval '1 hour')`),
    );
    // Math.random() decides; 0.01 and above (1 in 100 or more) is a call that does not prune.
    const random = vi.spyOn(Math, "random");
    try {
      for (const value of [0.5, 0.01]) {
        random.mockReturnValue(value);
        await hit();
        expect(await exists(), String(value)).toBe(true);
      }
      random.mockReturnValue(0.0099);
      await hit();
      expect(await exists()).toBe(false);
    } finally {
      random.mockRestore();
    }
  });

  it("refuses with the seconds left in the window, not the whole window", async () => {
    // A window of about 11.6 days: now is practically never at its very start.
    const windowSeconds = 1_000_003;
    const options = { key: `test:${randomUUID()}`, limit: 1, windowSeconds };
    const nowSeconds = Date.now() / 1000;
    const left =
      Math.floor(nowSeconds / windowSeconds) * windowSeconds + windowSeconds - nowSeconds;
    await consumeRateLimitOn(database.db, options);
    const refused = await consumeRateLimitOn(database.db, options);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(1);
    expect(refused.retryAfterSeconds).toBeLessThan(windowSeconds);
    expect(Math.abs(refused.retryAfterSeconds - left)).toBeLessThanOrEqual(5);
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
