import { runAsSystem } from "@/lib/db/run-context";
import type { Db } from "@/lib/db/types";
import { seedDemoUsers } from "@/lib/auth/seed";
import { seedOrganisations } from "@/lib/organisations/seed";
import { seedKeyValues } from "@/lib/settings/seed";
import { seedCatalogue } from "@/lib/commerce/seed";
import type { StorageAdapter } from "@/lib/storage/types";
import { seedModerators } from "@/lib/moderation/seed";
import { seedSellingTerms } from "@/lib/selling-terms/seed";

/**
 * Deterministic, idempotent demo data: fixed ids and keys, inserted only where missing, in
 * one transaction. Each module seeds its own tables; later modules add their step here.
 * With a storage adapter, the demo catalogue's pictures are drawn and stored too (the app's
 * first start and the db scripts pass the configured one; most tests pass none).
 */
export async function seedDatabase(
  db: Db,
  options: { storage?: StorageAdapter } = {},
): Promise<void> {
  await runAsSystem(db, "seed", async (tx) => {
    await seedKeyValues(tx);
    await seedDemoUsers(tx);
    await seedOrganisations(tx);
    await seedCatalogue(tx, options.storage);
    await seedSellingTerms(tx);
    await seedModerators(tx);
  });
}
