import { runAsSystem } from "@/lib/db/run-context";
import type { Db } from "@/lib/db/types";
import { seedDemoUsers } from "@/lib/auth/seed";
import { seedOrganisations } from "@/lib/organisations/seed";
import { seedKeyValues } from "@/lib/settings/seed";
import { seedCatalogue } from "@/lib/commerce/seed";
import { seedModerators } from "@/lib/moderation/seed";

/**
 * Deterministic, idempotent demo data: fixed ids and keys, inserted only where missing, in
 * one transaction. Each module seeds its own tables; later modules add their step here.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await runAsSystem(db, "seed", async (tx) => {
    await seedKeyValues(tx);
    await seedDemoUsers(tx);
    await seedOrganisations(tx);
    await seedCatalogue(tx);
    await seedModerators(tx);
  });
}
