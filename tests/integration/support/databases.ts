import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connectDatabase, type Database } from "@/lib/db/connect";
import { migrateDatabase } from "@/lib/db/migrate";

/**
 * The two drivers the integration tests run against: the test PostgreSQL (migrated by
 * tests/setup/integration-global.ts) and a fresh PGlite in a temporary directory.
 */
export interface TestDriver {
  name: "postgres" | "pglite";
  open(options?: { poolMax?: number }): Promise<Database>;
}

/** Opening a fresh PGlite and migrating it can take a minute on a busy machine. */
export const OPEN_TIMEOUT = 180_000;

export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is set by the integration global setup.");
  return url;
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "livemarket-pglite-"));
}

export async function openPglite(): Promise<Database> {
  const dir = tempDataDir();
  const database = connectDatabase({ dataDir: dir });
  await migrateDatabase({ pglite: database.db });
  return {
    ...database,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const drivers: TestDriver[] = [
  {
    name: "postgres",
    open: async (options) =>
      connectDatabase({ url: testDatabaseUrl(), poolMax: options?.poolMax ?? 4 }),
  },
  { name: "pglite", open: () => openPglite() },
];
