import type { Queryable } from "@/lib/db/types";
import { demoOwnerUserId } from "@/lib/organisations/seed";
import { platformModerators } from "./schema";

/** The demo owner moderates the demo marketplace's reported reviews (after seedDemoUsers). */
export async function seedModerators(db: Queryable): Promise<void> {
  await db
    .insert(platformModerators)
    .values({ userId: demoOwnerUserId, addedAt: new Date("2026-01-01T00:00:00Z") })
    .onConflictDoNothing();
}
