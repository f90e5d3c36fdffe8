import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { queryRows } from "@/lib/db/rows";
import { syncBuiltinGrants } from "@/lib/permissions/sync";
import type { Db } from "@/lib/db/types";

/**
 * Applies the committed migrations of drizzle/ (drizzle's migrator, bookkeeping in
 * drizzle.__drizzle_migrations). Idempotent. On PostgreSQL it runs on a connection of its
 * own holding an advisory lock, so app instances starting together migrate one at a time;
 * on PGlite (one process, one connection) calls are queued. Afterwards the built-in roles'
 * grants are synced from the permission catalogue (lib/permissions/sync.ts).
 */
export type MigrationTarget = { url: string } | { pglite: Db };

export interface MigrationResult {
  /** The database had no migration applied before this run (a new, empty database). */
  fresh: boolean;
  /** How many migrations this run applied. */
  applied: number;
}

const MIGRATION_LOCK = 7_294_615_001;

export function migrationsFolder(): string {
  return path.join(process.cwd(), "drizzle");
}

async function countApplied(db: Db): Promise<number> {
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return 0;
  const [row] = await queryRows<{ count: number | string }>(
    db,
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  return Number(row?.count ?? 0);
}

let pgliteQueue: Promise<unknown> = Promise.resolve();

export async function migrateDatabase(target: MigrationTarget): Promise<MigrationResult> {
  const migrationsFolderPath = migrationsFolder();
  if ("pglite" in target) {
    const db = target.pglite;
    const run = pgliteQueue.then(async () => {
      const before = await countApplied(db);
      await migratePglite(db as unknown as PgliteDatabase, {
        migrationsFolder: migrationsFolderPath,
      });
      const after = await countApplied(db);
      await syncBuiltinGrants(db);
      return { fresh: before === 0, applied: after - before };
    });
    pgliteQueue = run.catch(() => undefined);
    return run;
  }

  const client = postgres(target.url, { max: 1, onnotice: () => {} });
  try {
    const db = drizzle({ client });
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      const before = await countApplied(db as unknown as Db);
      await migratePostgres(db, { migrationsFolder: migrationsFolderPath });
      const after = await countApplied(db as unknown as Db);
      await syncBuiltinGrants(db as unknown as Db);
      return { fresh: before === 0, applied: after - before };
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
