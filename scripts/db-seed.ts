/** npm run db:seed: inserts the deterministic demo data that is missing. */
import { connectDatabase } from "@/lib/db/connect";
import { seedDatabase } from "@/lib/db/seed";
import { describe, scriptDatabase } from "./db-settings";

const database = scriptDatabase();
console.info(`db:seed → ${describe(database)}`);
const { db, close } = database.url
  ? connectDatabase({ url: database.url, poolMax: 1 })
  : connectDatabase({ dataDir: database.dataDir });
try {
  await seedDatabase(db);
  console.info("db:seed: done");
} finally {
  await close();
}
