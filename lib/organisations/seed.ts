import { builtinRoleKeys } from "@/lib/permissions/define";
import { employments, organisations, roles } from "@/lib/organisations/schema";
import type { Queryable } from "@/lib/db/types";

/** Fixed ids, so the demo data is the same on every machine and every run. */
export const demoOrganisation = {
  id: "00000000-0000-4000-8000-00000000a001",
  name: "Live Market Demo",
  slug: "live-market-demo",
} as const;

/** The demo owner's user id (lib/auth/seed.ts creates the matching demo user). */
export const demoOwnerUserId = "00000000-0000-4000-8000-00000000b001";

/** Fixed ids of the demo organisation's built-in roles: …c001 owner … c005 viewer. */
export const demoRoleIds = Object.fromEntries(
  builtinRoleKeys.map((key, index) => [key, `00000000-0000-4000-8000-00000000c00${index + 1}`]),
) as Record<(typeof builtinRoleKeys)[number], string>;

export async function seedOrganisations(db: Queryable): Promise<void> {
  await db
    .insert(organisations)
    .values({ ...demoOrganisation, createdBy: demoOwnerUserId })
    .onConflictDoNothing();
  await db
    .insert(roles)
    .values(
      builtinRoleKeys.map((key) => ({
        id: demoRoleIds[key],
        organisationId: demoOrganisation.id,
        builtinKey: key,
        name: key,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(employments)
    .values({
      id: "00000000-0000-4000-8000-00000000e001",
      organisationId: demoOrganisation.id,
      userId: demoOwnerUserId,
      roleId: demoRoleIds.owner,
      status: "active",
    })
    .onConflictDoNothing();
}
