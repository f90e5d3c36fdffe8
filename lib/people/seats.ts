import "server-only";
import { lockOrganisationScope } from "@/lib/db/advisory-lock";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import { seatLimit, type EnabledModule } from "@/lib/modules/catalogue";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { employments, invitations } from "@/lib/organisations/schema";
import { seatAvailable } from "./rules";

/**
 * Seats are taken by active and suspended members and unexpired pending invitations. Every
 * command that takes one first takes this transaction-scoped advisory lock on the
 * organisation, so two invitations racing for the last seat are counted one after another.
 */
export async function lockSeats(tx: Tx, organisationId: string): Promise<void> {
  await lockOrganisationScope(tx, "people.seats", organisationId);
}

/** Counts under RLS: the caller must be able to read the organisation's invitations. */
export async function seatsInUse(
  tx: Tx,
  organisationId: string,
  exceptInvitationId?: string,
): Promise<number> {
  const [members] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(employments)
    .where(
      and(
        eq(employments.organisationId, organisationId),
        inArray(employments.status, ["active", "suspended"]),
      ),
    );
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(
      and(
        eq(invitations.organisationId, organisationId),
        eq(invitations.status, "pending"),
        sql`${invitations.expiresAt} > now()`,
        exceptInvitationId ? ne(invitations.id, exceptInvitationId) : undefined,
      ),
    );
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

export function enabledModules(access: OrganisationAccess): EnabledModule[] {
  return [...access.modules].map(([module, tier]) => ({ module, tier }));
}

/** Locks, counts and refuses with `seatLimit` when no seat is left for one more person. */
export async function requireSeat(
  tx: Tx,
  access: OrganisationAccess,
  exceptInvitationId?: string,
): Promise<void> {
  await lockSeats(tx, access.organisation.id);
  const inUse = await seatsInUse(tx, access.organisation.id, exceptInvitationId);
  if (!seatAvailable(inUse, seatLimit(enabledModules(access)))) throw new AppError("seatLimit");
}
