import "server-only";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { pageOffset } from "@/components/ui/data-table/pager";
import { countedPage, countRows } from "@/lib/db/counted-page";
import type { SortDirection } from "@/components/ui/data-table/params";
import { withUserContext } from "@/lib/db/context";
import { AppError } from "@/lib/errors/app-error";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { invitations, roles, type InvitationStatus } from "@/lib/organisations/schema";
import type { BuiltinRoleKey } from "@/lib/permissions/define";
import { readMemberDirectory } from "./directory";
import type { InvitationSort } from "./list-params";
import { mayHandOut, rolesBeyondOwn } from "./role-grant";
import { effectiveInvitationStatus } from "./rules";
import { enabledModules, seatsInUse } from "./seats";
import { seatLimit } from "@/lib/modules/catalogue";

/**
 * The organisation's invitations as its people screens list them, read under RLS
 * (`people.invitation.read`). A pending invitation past its expiry is listed, filtered and
 * counted as expired.
 */
export interface InvitationRow {
  id: string;
  email: string;
  roleId: string;
  roleKey: BuiltinRoleKey | null;
  roleName: string;
  /** The effective status (a pending one past its expiry reads expired). */
  status: InvitationStatus;
  /** Still pending in the table (expired ones too): it can be resent or withdrawn. */
  open: boolean;
  /**
   * The caller may resend and withdraw it: `people.invitation.write` and a role they may give
   * (role-grant.ts: "owner" only by owners, others within their own permissions).
   */
  manageable: boolean;
  sentAt: Date;
  expiresAt: Date;
  sendCount: number;
  invitedByName: string;
}

export interface InvitationQuery {
  page: number;
  size: number;
  sort: InvitationSort;
  dir: SortDirection;
  /** An effective status, or null for all. */
  status: InvitationStatus | null;
  /** people/invitations: the pending ones (expired included, shown as expired). */
  openOnly?: boolean;
}

const effectiveStatus = sql<InvitationStatus>`case when ${invitations.status} = 'pending' and ${invitations.expiresAt} <= now() then 'expired' else ${invitations.status} end`;

export async function listInvitations(
  access: OrganisationAccess,
  query: InvitationQuery,
): Promise<{ rows: InvitationRow[]; total: number; page: number }> {
  if (!access.can("people.invitation.read")) throw new AppError("notFound");
  const conditions: SQL[] = [eq(invitations.organisationId, access.organisation.id)];
  if (query.openOnly) conditions.push(eq(invitations.status, "pending"));
  if (query.status) conditions.push(sql`${effectiveStatus} = ${query.status}`);
  const where = and(...conditions);
  const direction = query.dir === "desc" ? desc : asc;
  const sortColumn =
    query.sort === "email"
      ? sql`lower(${invitations.email})`
      : query.sort === "expires"
        ? invitations.expiresAt
        : invitations.lastSentAt;

  const canWrite = access.can("people.invitation.write");
  // The count, the page and the roles beyond the caller's own go down together.
  const [{ rows, total, page }, beyond] = await withUserContext(access.claims, (tx) =>
    Promise.all([
      countedPage(
        query.page,
        query.size,
        () => countRows(tx, invitations, where),
        (page) =>
          tx
            .select({
              id: invitations.id,
              email: invitations.email,
              roleId: invitations.roleId,
              roleKey: roles.builtinKey,
              roleName: roles.name,
              status: invitations.status,
              sentAt: invitations.lastSentAt,
              expiresAt: invitations.expiresAt,
              sendCount: invitations.sendCount,
              invitedBy: invitations.invitedBy,
            })
            .from(invitations)
            .innerJoin(roles, eq(roles.id, invitations.roleId))
            .where(where)
            .orderBy(direction(sortColumn), desc(invitations.createdAt), asc(invitations.id))
            .limit(query.size)
            .offset(pageOffset(page, query.size)),
      ),
      canWrite ? rolesBeyondOwn(tx, access) : null,
    ]),
  );

  const now = new Date();
  const inviters = await readMemberDirectory(access.organisation.id, [
    ...new Set(rows.map((r) => r.invitedBy)),
  ]);
  return {
    total,
    page,
    rows: rows.map(({ invitedBy, ...r }) => ({
      ...r,
      status: effectiveInvitationStatus(r, now),
      open: r.status === "pending",
      manageable:
        beyond !== null && mayHandOut(access, { id: r.roleId, builtinKey: r.roleKey }, beyond),
      invitedByName: inviters.get(invitedBy)?.name ?? "",
    })),
  };
}

/** Pending, unexpired invitations, for the dashboard (0 without `people.invitation.read`). */
export async function countPendingInvitations(access: OrganisationAccess): Promise<number> {
  if (!access.can("people.invitation.read")) return 0;
  const [row] = await withUserContext(access.claims, (tx) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(invitations)
      .where(
        and(
          eq(invitations.organisationId, access.organisation.id),
          eq(invitations.status, "pending"),
          sql`${invitations.expiresAt} > now()`,
        ),
      ),
  );
  return row?.n ?? 0;
}

/** Seats in use and the limit, for the invite screen (null without `people.invitation.read`). */
export async function getSeatUsage(
  access: OrganisationAccess,
): Promise<{ inUse: number; limit: number | null } | null> {
  if (!access.can("people.invitation.read")) return null;
  const inUse = await withUserContext(access.claims, (tx) =>
    seatsInUse(tx, access.organisation.id),
  );
  return { inUse, limit: seatLimit(enabledModules(access)) };
}
