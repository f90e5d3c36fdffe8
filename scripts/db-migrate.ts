/** npm run db:migrate: applies the migrations of drizzle/ to the configured database. */
import { connectDatabase } from "@/lib/db/connect";
import { migrateDatabase } from "@/lib/db/migrate";
import { describe, scriptDatabase } from "./db-settings";

const database = scriptDatabase();
console.info(`db:migrate → ${describe(database)}`);
if (database.url) {
  const { applied } = await migrateDatabase({ url: database.url });
  console.info(`db:migrate: ${applied} migration(s) applied`);
} else {
  const { db, close } = connectDatabase({ dataDir: database.dataDir });
  try {
    const { applied } = await migrateDatabase({ pglite: db });
    console.info(`db:migrate: ${applied} migration(s) applied`);
  } finally {
    await close();
  }
}
