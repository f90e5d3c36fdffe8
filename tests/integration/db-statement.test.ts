import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connect";
import { queryRows } from "@/lib/db/rows";
import { runAsSystem, runAsUser } from "@/lib/db/run-context";
import { statement } from "@/lib/db/statement";
import { keyValues } from "@/lib/settings/schema";
import { drivers, OPEN_TIMEOUT } from "./support/databases";

/** A statement built once, counted: the build must run once per driver, not per call. */
let builds = 0;
const valueOf = statement<{ key: string }, { value: unknown }[]>("test: value of", (db) => {
  builds += 1;
  return db
    .select({ value: keyValues.value })
    .from(keyValues)
    .where(eq(keyValues.key, sql.placeholder("key")));
});

describe.each(drivers)("statements built once on $name", (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await driver.open({ poolMax: 2 });
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database.close();
  });

  it("runs with each call's values, inside the transaction it is given", async () => {
    const before = builds;
    const [a, b] = [`a-${randomUUID()}`, `b-${randomUUID()}`];
    const seen = await runAsSystem(database.db, "test", async (tx) => {
      // Rows not committed yet: only this transaction's connection sees them.
      await tx.insert(keyValues).values([
        { key: a, value: 1 },
        { key: b, value: 2 },
      ]);
      return [await valueOf(tx, { key: a }), await valueOf(tx, { key: b })];
    });
    expect(seen).toEqual([[{ value: 1 }], [{ value: 2 }]]);

    // Another transaction (the pool's other connection, or after the first): its own rows.
    const c = `c-${randomUUID()}`;
    const again = await runAsSystem(database.db, "test", async (tx) => {
      await tx.insert(keyValues).values({ key: c, value: 3 });
      return Promise.all([valueOf(tx, { key: c }), valueOf(tx, { key: "missing" })]);
    });
    expect(again).toEqual([[{ value: 3 }], []]);
    expect(builds - before).toBeLessThanOrEqual(1);
  });

  it("a rolled back transaction's rows are gone for the next call", async () => {
    const key = `gone-${randomUUID()}`;
    await expect(
      runAsSystem(database.db, "test", async (tx) => {
        await tx.insert(keyValues).values({ key, value: 1 });
        expect(await valueOf(tx, { key })).toEqual([{ value: 1 }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await runAsSystem(database.db, "test", (tx) => valueOf(tx, { key }))).toEqual([]);
  });
});

describe("statements built once keep each pool's planning (PostgreSQL)", () => {
  const postgresDriver = drivers.find((driver) => driver.name === "postgres")!;
  let database: Database;
  // A catalogue every role may read, so that the user context can run it too.
  const pgClass = pgTable("pg_class", { relname: text("relname"), relnatts: integer("relnatts") });
  const columnsOf = statement<{ name: string }, { n: number | null }[]>("test: columns", (db) =>
    db
      .select({ n: pgClass.relnatts })
      .from(pgClass)
      .where(eq(pgClass.relname, sql.placeholder("name"))),
  );
  const prepared = sql`select count(*)::int as n from pg_prepared_statements
    where statement like '%"relnatts"%from "pg_class"%'`;

  beforeAll(async () => {
    database = await postgresDriver.open({ poolMax: 1 });
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database.close();
  });

  it("the user pool prepares them too, each run planned for its own values (no generic plan)", async () => {
    const plans = sql`select count(*)::int as n, coalesce(sum(generic_plans), 0)::int as generic
      from pg_prepared_statements where statement like '%"relnatts"%from "pg_class"%'`;
    const [row] = await runAsUser(database.db, { sub: randomUUID() }, async (tx) => {
      for (let run = 0; run < 7; run += 1) {
        expect(await columnsOf(tx, { name: "pg_class" })).toEqual([{ n: expect.any(Number) }]);
      }
      return queryRows<{ n: number; generic: number }>(tx, plans);
    });
    expect(row).toEqual({ n: 1, generic: 0 });
  });

  it("the first statement of a user context already runs as the user", async () => {
    const whoAmI = statement<{ name: string }, { who: string }[]>("test: who", (db) =>
      db
        .select({ who: sql<string>`current_user::text` })
        .from(pgClass)
        .where(eq(pgClass.relname, sql.placeholder("name"))),
    );
    const sub = randomUUID();
    expect(await runAsUser(database.db, { sub }, (tx) => whoAmI(tx, { name: "pg_class" }))).toEqual(
      [{ who: "authenticated" }],
    );
    expect(
      await runAsSystem(database.db, "test", (tx) => whoAmI(tx, { name: "pg_class" })),
    ).toEqual([{ who: "postgres" }]);
  });

  it("the owner's pool prepares them (one round trip each)", async () => {
    const [row] = await runAsSystem(database.db, "test", async (tx) => {
      for (let run = 0; run < 7; run += 1) await columnsOf(tx, { name: "pg_type" });
      return queryRows<{ n: number }>(tx, prepared);
    });
    expect(row?.n).toBe(1);
  });
});

describe("statements built once refuse values made while building", () => {
  it("an update of a table with an $onUpdate column that the statement does not set", async () => {
    const database = await drivers[0]!.open({ poolMax: 1 });
    try {
      // key_values.updated_at is `$onUpdate(() => new Date())`: drizzle would compute it once,
      // at the build, and every later run would write that same time.
      const touch = statement<{ key: string }, unknown>("test: touch", (db) =>
        db
          .update(keyValues)
          .set({ value: 1 })
          .where(eq(keyValues.key, sql.placeholder("key"))),
      );
      await expect(
        runAsSystem(database.db, "test", (tx) => touch(tx, { key: "x" })),
      ).rejects.toThrow(/would keep a time made while building/);
      // Set in SQL, it is built.
      const touchNow = statement<{ key: string }, unknown>("test: touch now", (db) =>
        db
          .update(keyValues)
          .set({ value: 1, updatedAt: sql`now()` })
          .where(eq(keyValues.key, sql.placeholder("key"))),
      );
      await runAsSystem(database.db, "test", (tx) => touchNow(tx, { key: "x" }));
      // Dates made from a value are fine; Date is itself again after the build.
      expect(new Date(0).toISOString()).toBe("1970-01-01T00:00:00.000Z");
      expect(new Date()).toBeInstanceOf(Date);
    } finally {
      await database.close();
    }
  });
});
