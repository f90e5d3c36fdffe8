import { employments, organisations } from "@/lib/organisations/schema";
import type { Queryable } from "@/lib/db/types";

/** Fixed ids, so the demo data is the same on every machine and every run. */
export const demoOrganisation = {
  id: "00000000-0000-4000-8000-00000000a001",
  name: "Live Market Demo",
  slug: "live-market-demo",
} as const;

/** The demo owner's user id; the auth issue creates the matching demo user. */
export const demoOwnerUserId = "00000000-0000-4000-8000-00000000b001";

export async function seedOrganisations(db: Queryable): Promise<void> {
  await db.insert(organisations).values(demoOrganisation).onConflictDoNothing();
  await db
    .insert(employments)
    .values({
      id: "00000000-0000-4000-8000-00000000e001",
      organisationId: demoOrganisation.id,
      userId: demoOwnerUserId,
      role: "owner",
      status: "active",
    })
    .onConflictDoNothing();
}
