import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Db, DbDriver } from "@/lib/db/types";

/**
 * Opens a database for either driver. Free of `server-only` and of lib/env so that scripts
 * (migrate, seed, reset) and tests can use it with explicit settings; the app goes through
 * `getDb()` in lib/db/client.ts. Both drivers connect lazily: nothing touches the database
 * until the first query.
 */
export type ConnectOptions = { url: string; poolMax?: number } | { dataDir: string };

export interface Database {
  db: Db;
  driver: DbDriver;
  close(): Promise<void>;
}

export function connectDatabase(options: ConnectOptions): Database {
  if ("url" in options) {
    const client = postgres(options.url, {
      max: options.poolMax ?? 10,
      onnotice: () => {},
      connection: { application_name: "live-market" },
    });
    const db = drizzlePostgres({ client }) as unknown as Db;
    return { db, driver: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  const dir = path.resolve(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzlePglite({ client }) as unknown as Db;
  return { db, driver: "pglite", close: () => client.close() };
}

/** The PGlite directory inside the embedded data folder. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}
