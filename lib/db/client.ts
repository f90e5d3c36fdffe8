import "server-only";
import { connectDatabase, pgliteDir, type Database } from "@/lib/db/connect";
import type { Db, DbDriver } from "@/lib/db/types";
import { env } from "@/lib/env";

/**
 * The app's one database per process: postgres.js when DATABASE_URL is set, else PGlite
 * under DATA_DIR. Kept on globalThis so dev reloads and route bundles share it (PGlite must
 * never be opened twice on the same directory). Opening is lazy and cheap: no query runs
 * until one is made, so importing this at build time is harmless.
 */
const store = globalThis as typeof globalThis & { __liveMarketDb?: Database };

function database(): Database {
  if (!store.__liveMarketDb) {
    const settings = env();
    store.__liveMarketDb = settings.DATABASE_URL
      ? connectDatabase({
          url: settings.DATABASE_URL,
          userUrl: settings.DATABASE_USER_URL,
          poolMax: settings.DATABASE_POOL_MAX,
        })
      : connectDatabase({ dataDir: pgliteDir(settings.DATA_DIR) });
  }
  return store.__liveMarketDb;
}

/**
 * The Drizzle database, on the owner's login (RLS does not apply to it): run queries through
 * the contexts of lib/db/context.ts, which put user work on the user login.
 */
export function getDb(): Db {
  return database().db;
}

export function getDbDriver(): DbDriver {
  return database().driver;
}

/** Closes the process's database (tests and graceful shutdown). */
export async function closeDb(): Promise<void> {
  const current = store.__liveMarketDb;
  store.__liveMarketDb = undefined;
  if (current) await current.close();
}
