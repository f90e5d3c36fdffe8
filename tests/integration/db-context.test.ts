import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connect";
import { queryRows } from "@/lib/db/rows";
import {
  beforeCommit,
  ContextError,
  runAsAnon,
  runAsSystem,
  runAsUser,
} from "@/lib/db/run-context";
import { keyValues } from "@/lib/settings/schema";
import { drivers, OPEN_TIMEOUT } from "./support/databases";

type Who = { user: string; uid: string | null; role: string | null; tenant: string | null };

const whoAmI = sql`select current_user as user, auth.uid()::text as uid, auth.role() as role,
  auth.jwt() ->> 'tenant' as tenant`;

describe.each(drivers)("request context on $name", (driver) => {
  let database: Database;

  beforeAll(async () => {
    // One connection: what one transaction leaves behind would show in the next one.
    database = await driver.open({ poolMax: 1 });
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database.close();
  });

  it("a user context runs as authenticated with the user's claims", async () => {
    const sub = randomUUID();
    const [who] = await runAsUser(database.db, { sub, tenant: "t-1" }, (tx) =>
      queryRows<Who>(tx, whoAmI),
    );
    expect(who).toEqual({ user: "authenticated", uid: sub, role: "authenticated", tenant: "t-1" });
  });

  it("an anonymous context runs as anon without a user", async () => {
    const [who] = await runAsAnon(database.db, (tx) => queryRows<Who>(tx, whoAmI));
    expect(who).toMatchObject({ user: "anon", uid: null, role: "anon" });
  });

  it("the role and claims end with the transaction", async () => {
    await runAsUser(database.db, { sub: randomUUID() }, (tx) => tx.execute(sql`select 1`));
    const [who] = await runAsSystem(database.db, "test", (tx) => queryRows<Who>(tx, whoAmI));
    expect(who?.user).not.toBe("authenticated");
    expect(who?.uid).toBeNull();
    const [outside] = await queryRows<Who>(database.db, whoAmI);
    expect(outside?.user).toBe(who?.user);
    expect(outside?.uid).toBeNull();
  });

  it("a system context names its reason to the database", async () => {
    const [row] = await runAsSystem(database.db, "nightly-cleanup", (tx) =>
      queryRows<{ context: string }>(tx, sql`select current_setting('app.context') as context`),
    );
    expect(row?.context).toBe("system:nightly-cleanup");
  });

  it("a failure midway rolls the whole transaction back", async () => {
    const key = `rollback-${randomUUID()}`;
    await expect(
      runAsSystem(database.db, "test", async (tx) => {
        await tx.insert(keyValues).values({ key, value: 1 });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const rows = await runAsSystem(database.db, "test", (tx) =>
      tx.select().from(keyValues).where(eq(keyValues.key, key)),
    );
    expect(rows).toEqual([]);
  });

  it("steps before the commit run last, in order, inside the transaction", async () => {
    const key = `steps-${randomUUID()}`;
    const seen: string[] = [];
    const result = await runAsSystem(database.db, "test", async (tx) => {
      beforeCommit(tx, async (tx) => {
        // After the context's own work: its row is there.
        const [row] = await tx.select().from(keyValues).where(eq(keyValues.key, key));
        seen.push(`first saw ${String(row?.value)}`);
        beforeCommit(tx, async () => void seen.push("added by the first"));
      });
      beforeCommit(tx, async () => void seen.push("second"));
      await tx.insert(keyValues).values({ key, value: 7 });
      seen.push("work");
      return "done";
    });
    expect(result).toBe("done");
    expect(seen).toEqual(["work", "first saw 7", "second", "added by the first"]);
  });

  it("a step that throws rolls the whole transaction back", async () => {
    const key = `step-fails-${randomUUID()}`;
    await expect(
      runAsSystem(database.db, "test", async (tx) => {
        beforeCommit(tx, async () => {
          throw new Error("step failed");
        });
        await tx.insert(keyValues).values({ key, value: 1 });
      }),
    ).rejects.toThrow("step failed");
    const rows = await runAsSystem(database.db, "test", (tx) =>
      tx.select().from(keyValues).where(eq(keyValues.key, key)),
    );
    expect(rows).toEqual([]);
  });

  it("steps before the commit need a system context", async () => {
    await expect(
      runAsUser(database.db, { sub: randomUUID() }, async (tx) => {
        beforeCommit(tx, async () => undefined);
      }),
    ).rejects.toThrow(ContextError);
  });

  it("refuses claims without a uuid subject or with a privileged role", () => {
    expect(() => runAsUser(database.db, { sub: "admin" }, async () => 1)).toThrow(ContextError);
    expect(() =>
      runAsUser(database.db, { sub: randomUUID(), role: "service_role" }, async () => 1),
    ).toThrow(ContextError);
    expect(() => runAsSystem(database.db, " ", async () => 1)).toThrow(ContextError);
  });
});

describe("prepared statements on PostgreSQL", () => {
  const postgresDriver = drivers.find((driver) => driver.name === "postgres")!;
  let database: Database;

  beforeAll(async () => {
    // One connection a pool: the prepared statements seen are the ones these runs left.
    database = await postgresDriver.open({ poolMax: 1 });
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database.close();
  });

  const statement = (n: number) => sql`select ${n}::int as n from pg_class where oid = ${n}::oid`;
  const prepared = sql`select count(*)::int as n from pg_prepared_statements where statement like '%from pg_class where oid%'`;

  it("system work prepares its statements (one round trip each after the first)", async () => {
    const [row] = await runAsSystem(database.db, "test: prepared", async (tx) => {
      for (let run = 1; run <= 7; run += 1) await queryRows(tx, statement(run));
      return queryRows<{ n: number }>(tx, prepared);
    });
    expect(row?.n).toBeGreaterThan(0);
  });

  it("user work prepares too, and plans each run for its own values: never a generic plan", async () => {
    const plans = sql`select coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom, count(*)::int as n
      from pg_prepared_statements where statement like '%from pg_class where oid%'`;
    const [row] = await runAsUser(database.db, { sub: randomUUID() }, async (tx) => {
      for (let run = 1; run <= 7; run += 1) await queryRows(tx, statement(run));
      return queryRows<{ generic: number; custom: number; n: number }>(tx, plans);
    });
    expect(row?.n).toBeGreaterThan(0);
    expect(row?.generic).toBe(0);
    expect(row?.custom).toBeGreaterThanOrEqual(7);
  });
});
