import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connect";
import { queryRows } from "@/lib/db/rows";
import { drivers, OPEN_TIMEOUT } from "./support/databases";

/** Every table of our schemas has Row Level Security on; drizzle's bookkeeping is exempt. */
describe.each(drivers)("RLS is on for every table on $name", (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await driver.open();
  }, OPEN_TIMEOUT);

  afterAll(async () => {
    await database.close();
  });

  it("finds no table with RLS off", async () => {
    const tables = await queryRows<{ name: string; rls: boolean }>(
      database.db,
      sql`select n.nspname || '.' || c.relname as name, c.relrowsecurity as rls
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p')
            and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
            and n.nspname not like 'pg\\_%'
          order by 1`,
    );
    const names = tables.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "public.organisations",
        "public.employments",
        "public.key_values",
        "public.rate_limits",
        "public.addresses",
      ]),
    );
    expect(tables.filter((t) => !t.rls).map((t) => t.name)).toEqual([]);
  });
});
