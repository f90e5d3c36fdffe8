import "server-only";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { users } from "@/lib/auth/schema";
import { withSystemContext } from "@/lib/db/context";
import { seatsInUse } from "./seats";
import { isModuleName, isModuleTier, seatLimit } from "@/lib/modules/catalogue";
import {
  employments,
  invitations,
  organisationModules,
  organisations,
  roles,
} from "@/lib/organisations/schema";
import { profiles } from "@/lib/profile/schema";
import type { BuiltinRoleKey } from "@/lib/permissions/define";

/**
 * The few things people screens need that RLS does not let the caller read: colleagues'
 * display names (profiles are readable by their owner only) and sign-in emails (auth.users
 * is the auth service's). Each is one narrowly named system-context read, always restricted
 * to users employed by the organisation the caller was already authorised for (or to the
 * caller's own invitations), and returns only names, emails and ids. Never called inside a
 * user transaction (PGlite has one connection): callers read these before or after it. The
 * member list and a member's page read names as the caller instead, through the database's
 * `app.member_directory` (employees.ts, migration 0040).
 */

export interface DirectoryEntry {
  name: string;
  email: string;
}

/** Names and emails of these users, only for those employed (any status) by the organisation. */
export async function readMemberDirectory(
  organisationId: string,
  userIds: readonly string[],
): Promise<Map<string, DirectoryEntry>> {
  if (userIds.length === 0) return new Map();
  const rows = await withSystemContext("people: member directory", (tx) =>
    tx
      .select({ userId: employments.userId, name: profiles.displayName, email: users.email })
      .from(employments)
      .leftJoin(profiles, eq(profiles.id, employments.userId))
      .leftJoin(users, eq(users.id, employments.userId))
      .where(
        and(
          eq(employments.organisationId, organisationId),
          inArray(employments.userId, [...userIds]),
        ),
      ),
  );
  return new Map(rows.map((r) => [r.userId, { name: r.name ?? "", email: r.email ?? "" }]));
}

/** Escapes LIKE wildcards so a search term matches literally. */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The user who signs in with this email (case-insensitive), if any. */
export async function findUserIdByEmail(email: string): Promise<string | null> {
  const [row] = await withSystemContext("people: user by email", (tx) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1),
  );
  return row?.id ?? null;
}

/**
 * Whether this user's sign-in email is `email` and confirmed (`email_confirmed_at` set): an
 * invitation is answered only from an address its owner has proved to control.
 */
export async function isEmailConfirmed(userId: string, email: string): Promise<boolean> {
  const [row] = await withSystemContext("people: email confirmed", (tx) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
          isNotNull(users.emailConfirmedAt),
        ),
      )
      .limit(1),
  );
  return row !== undefined;
}

export interface InvitationLabels {
  organisationName: string;
  /** The organisation's time zone: the invitee sees its dates there, named. */
  organisationTimeZone: string;
  roleKey: BuiltinRoleKey | null;
  roleName: string;
  inviterName: string;
}

/**
 * What an invitee's list shows of each invitation (organisation, role, who invited): after
 * an invitation is answered the invitee may no longer read the organisation under RLS.
 * Restricted to the given invitations addressed to `email`.
 */
export async function readInvitationLabels(
  invitationIds: readonly string[],
  email: string,
): Promise<Map<string, InvitationLabels>> {
  if (invitationIds.length === 0) return new Map();
  const rows = await withSystemContext("people: invitation labels", (tx) =>
    tx
      .select({
        id: invitations.id,
        organisationName: organisations.name,
        organisationTimeZone: organisations.timeZone,
        roleKey: roles.builtinKey,
        roleName: roles.name,
        inviterName: profiles.displayName,
      })
      .from(invitations)
      .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
      .innerJoin(roles, eq(roles.id, invitations.roleId))
      .leftJoin(profiles, eq(profiles.id, invitations.invitedBy))
      .where(
        and(
          inArray(invitations.id, [...invitationIds]),
          sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
        ),
      ),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        organisationName: r.organisationName,
        organisationTimeZone: r.organisationTimeZone,
        roleKey: r.roleKey,
        roleName: r.roleName,
        inviterName: r.inviterName ?? "",
      },
    ]),
  );
}

/**
 * Seats of an organisation for an invitee about to accept (who cannot count members or
 * invitations under RLS): in use = active and suspended members plus unexpired pending
 * invitations other than `exceptInvitationId`; the limit from its enabled modules.
 */
export async function readSeatsForAcceptance(
  organisationId: string,
  exceptInvitationId: string,
): Promise<{ inUse: number; limit: number | null }> {
  return withSystemContext("people: seats for acceptance", async (tx) => {
    const inUse = await seatsInUse(tx, organisationId, exceptInvitationId);
    const modules = await tx
      .select({ module: organisationModules.module, tier: organisationModules.tier })
      .from(organisationModules)
      .where(
        and(
          eq(organisationModules.organisationId, organisationId),
          eq(organisationModules.enabled, true),
        ),
      );
    const enabled = modules.flatMap((m) =>
      isModuleName(m.module) && isModuleTier(m.tier) ? [{ module: m.module, tier: m.tier }] : [],
    );
    return { inUse, limit: seatLimit(enabled) };
  });
}
