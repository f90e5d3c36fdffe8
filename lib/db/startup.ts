import "server-only";
import { getDb } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { seedDatabase } from "@/lib/db/seed";
import { isEmbedded } from "@/lib/env";
import { getStorage } from "@/lib/storage/storage";

/**
 * Embedded mode prepares its own database when the server starts (instrumentation.ts):
 * pending migrations are applied, and a database that was empty gets the demo data.
 * Connected mode leaves the database alone: `npm run db:migrate` is an explicit step there.
 */
export async function prepareEmbeddedDatabase(): Promise<void> {
  if (!isEmbedded()) return;
  const db = getDb();
  const { fresh, applied } = await migrateDatabase({ pglite: db });
  if (fresh) await seedDatabase(db, { storage: getStorage() });
  if (applied > 0) {
    console.info(
      `[db] embedded database: ${applied} migration(s) applied${fresh ? ", demo data seeded" : ""}`,
    );
  }
}
