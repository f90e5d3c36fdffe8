import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type Database } from "@/lib/db/connect";
import { queryRows } from "@/lib/db/rows";
import type { Queryable } from "@/lib/db/types";
import { testDatabaseUrl } from "./support/databases";

/**
 * Every foreign key has a covering index: the logic of Supabase's splinter lint
 * `0001_unindexed_foreign_keys` (a foreign key is covered when its columns, in order, are the
 * leading columns of a valid index on its table), run over every schema but PostgreSQL's own,
 * so the `auth` schema, which the lint leaves out, is checked too. Without the index, each
 * delete or key update of the referenced row scans the referencing table.
 */
function unindexedForeignKeys(db: Queryable): Promise<{ name: string }[]> {
  return queryRows<{ name: string }>(
    db,
    sql`with foreign_keys as (
          select cl.oid as table_oid, n.nspname || '.' || cl.relname || ' ' || ct.conname as name,
                 ct.conkey as columns
          from pg_catalog.pg_constraint ct
          join pg_catalog.pg_class cl on cl.oid = ct.conrelid
          join pg_catalog.pg_namespace n on n.oid = cl.relnamespace
          where ct.contype = 'f'
            and n.nspname not in ('pg_catalog', 'information_schema')
            and n.nspname not like 'pg\\_%'
        ),
        indexes as (
          select i.indrelid as table_oid,
                 string_to_array(i.indkey::text, ' ')::smallint[] as columns
          from pg_catalog.pg_index i
          where i.indisvalid
        )
        select fk.name
        from foreign_keys fk
        where not exists (
          select 1 from indexes idx
          where idx.table_oid = fk.table_oid
            and idx.columns[1:array_length(fk.columns, 1)] = fk.columns
        )
        order by 1`,
  );
}

class RolledBack extends Error {}

describe("foreign keys", () => {
  let database: Database;

  beforeAll(() => {
    database = connectDatabase({ url: testDatabaseUrl(), poolMax: 1 });
  });

  afterAll(async () => {
    await database.close();
  });

  it("each has an index that starts with its columns, in every schema", async () => {
    expect((await unindexedForeignKeys(database.db)).map((row) => row.name)).toEqual([]);
  });

  it("the check finds a foreign key whose only index starts with other columns", async () => {
    // Tables made for it in a transaction that is rolled back: an index on (b, a) does not
    // cover a foreign key on (a, b) for the lint; one on (a, b, c) does.
    const seen: string[][] = [];
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`create schema fk_lint_probe`);
        await tx.execute(sql`create table fk_lint_probe.parent (a int, b int, primary key (a, b))`);
        await tx.execute(
          sql`create table fk_lint_probe.child (a int, b int, c int,
                constraint child_parent_fk foreign key (a, b) references fk_lint_probe.parent (a, b))`,
        );
        await tx.execute(sql`create index on fk_lint_probe.child (b, a)`);
        seen.push((await unindexedForeignKeys(tx)).map((row) => row.name));
        await tx.execute(sql`create index on fk_lint_probe.child (a, b, c)`);
        seen.push((await unindexedForeignKeys(tx)).map((row) => row.name));
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(seen[0]).toContain("fk_lint_probe.child child_parent_fk");
    expect(seen[1]).not.toContain("fk_lint_probe.child child_parent_fk");
  });
});
