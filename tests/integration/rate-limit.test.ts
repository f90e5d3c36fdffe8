import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connect";
import { consumeRateLimitOn } from "@/lib/rate-limit/counter";
import { drivers, OPEN_TIMEOUT } from "./support/databases";

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
