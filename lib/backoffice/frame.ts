import "server-only";
import { sql } from "drizzle-orm";
import { cache } from "react";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { withUserContext } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import {
  accessFromRow,
  isUuid,
  memberAccessOf,
  type MemberAccessRow,
  type OrganisationAccess,
} from "@/lib/organisations/access";
import { myOrganisationsItem, type MyOrganisation } from "@/lib/organisations/memberships";

/**
 * What every screen under an organisation needs before its own data, read once per request
 * (React's per-request cache: the layout and the page's door share it) in one statement of a
 * user transaction: the caller's access (`app.member_access`, lib/organisations/access.ts),
 * the organisations of the switcher (`app.my_organisations`, migration 0041) and whether the
 * caller is a platform moderator (the frame's link to the moderation queue). All three answer
 * for the transaction's caller only (docs/backoffice.md, "The frame").
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
    const [row] = await withUserContext(claims, (tx) =>
      queryRows<{
        access: MemberAccessRow | null;
        organisations: MyOrganisation[];
        moderator: boolean;
      }>(
        tx,
        sql`select ${memberAccessOf(organisationId)} as access,
          ${myOrganisationsItem} as organisations,
          app.is_platform_moderator() as moderator`,
      ),
    );
    const access = accessFromRow(claims, row?.access);
    if (!access || !row) return null;
    return {
      access,
      organisations: row.organisations,
      moderator: claims.is_anonymous !== true && row.moderator === true,
    };
  },
);
