import "server-only";
import { sql } from "drizzle-orm";
import { cache } from "react";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { withUserContext } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { isUuid, resolveAccessInTx, type OrganisationAccess } from "@/lib/organisations/access";
import { listMyOrganisationsInTx, type MyOrganisation } from "@/lib/organisations/memberships";

/**
 * What every screen under an organisation needs before its own data, read once per request
 * in one user transaction (React's per-request cache: the layout and the page's door share
 * it): the caller's access (lib/organisations/access.ts), the organisations of the switcher,
 * and whether the caller is a platform moderator (the frame's link to the moderation queue).
 * The reads are sent together; the driver pipelines them (docs/backoffice.md, "The frame").
 * Not a member, or not signed in: null, and the door answers 404.
 */
export interface OrganisationFrame {
  access: OrganisationAccess;
  organisations: MyOrganisation[];
  moderator: boolean;
}

export const getOrganisationFrame = cache(
  async (organisationId: string): Promise<OrganisationFrame | null> => {
    if (!isUuid(organisationId)) return null;
    const claims = await getCurrentClaims();
    if (!claims) return null;
    return withUserContext(claims, async (tx) => {
      const [access, organisations, moderator] = await Promise.all([
        resolveAccessInTx(tx, claims, organisationId),
        listMyOrganisationsInTx(tx, claims),
        claims.is_anonymous
          ? Promise.resolve([])
          : queryRows<{ moderator: boolean }>(
              tx,
              sql`select app.is_platform_moderator() as moderator`,
            ),
      ]);
      if (!access) return null;
      return { access, organisations, moderator: moderator[0]?.moderator === true };
    });
  },
);
