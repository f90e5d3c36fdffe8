import "server-only";
import { and, count, eq, gt } from "drizzle-orm";
import { withUserContext } from "@/lib/db/context";
import type { OrganisationAccess } from "./access";
import { employments, invitations } from "./schema";

/** Active members of the organisation (under RLS: members see their colleagues). */
export async function countActiveMembers(access: OrganisationAccess): Promise<number> {
  const [row] = await withUserContext(access.claims, (tx) =>
    tx
      .select({ value: count() })
      .from(employments)
      .where(
        and(
          eq(employments.organisationId, access.organisation.id),
          eq(employments.status, "active"),
        ),
      ),
  );
  return row?.value ?? 0;
}

/** Pending, unexpired invitations (needs people.invitation.read; RLS hides them otherwise). */
export async function countPendingInvitations(access: OrganisationAccess): Promise<number> {
  const [row] = await withUserContext(access.claims, (tx) =>
    tx
      .select({ value: count() })
      .from(invitations)
      .where(
        and(
          eq(invitations.organisationId, access.organisation.id),
          eq(invitations.status, "pending"),
          gt(invitations.expiresAt, new Date()),
        ),
      ),
  );
  return row?.value ?? 0;
}
