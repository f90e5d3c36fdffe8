// Run with --conditions=react-server (package.json), so server modules such as the storage
// adapter load outside Next; the seed stores the demo pictures through it.
/**
 * Recreates the configured database from nothing, then migrates and seeds it. PostgreSQL:
 * drops and creates the database named in DATABASE_URL (through the `postgres` database).
 * PGlite: deletes its directory. Used by the e2e web server; destroys all data.
 */
import { rmSync } from "node:fs";
import { connectDatabase } from "@/lib/db/connect";
import { migrateDatabase } from "@/lib/db/migrate";
import { recreatePostgresDatabase } from "@/lib/db/reset";
import { seedDatabase } from "@/lib/db/seed";
import { getStorage } from "@/lib/storage/storage";
import { describe, scriptDatabase } from "./db-settings";

const database = scriptDatabase();
console.info(`db:reset → ${describe(database)}`);
if (database.url) {
  await recreatePostgresDatabase(database.url);
  await migrateDatabase({ url: database.url });
  const { db, close } = connectDatabase({ url: database.url, poolMax: 1 });
  try {
    await seedDatabase(db, { storage: getStorage() });
  } finally {
    await close();
  }
} else {
  rmSync(database.dataDir, { recursive: true, force: true });
  const { db, close } = connectDatabase({ dataDir: database.dataDir });
  try {
    await migrateDatabase({ pglite: db });
    await seedDatabase(db, { storage: getStorage() });
  } finally {
    await close();
  }
}
console.info("db:reset: done");
