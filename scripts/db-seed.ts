// Run with --conditions=react-server (package.json), so server modules such as the storage
// adapter load outside Next; the seed stores the demo pictures through it.
/** npm run db:seed: inserts the deterministic demo data that is missing. */
import { connectDatabase } from "@/lib/db/connect";
import { seedDatabase } from "@/lib/db/seed";
import { getStorage } from "@/lib/storage/storage";
import { describe, scriptDatabase } from "./db-settings";

const database = scriptDatabase();
console.info(`db:seed → ${describe(database)}`);
const { db, close } = database.url
  ? connectDatabase({ url: database.url, poolMax: 1 })
  : connectDatabase({ dataDir: database.dataDir });
try {
  await seedDatabase(db, { storage: getStorage() });
  console.info("db:seed: done");
} finally {
  await close();
}
