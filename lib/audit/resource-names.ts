import "server-only";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { users } from "@/lib/auth/schema";
import { withSystemContext } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { organisationFiles } from "@/lib/files/schema";
import {
  employments,
  invitations,
  organisationContactEmails,
  organisationFaqs,
  organisations,
  roles,
} from "@/lib/organisations/schema";
import type { BuiltinRoleKey } from "@/lib/permissions/define";
import { profiles } from "@/lib/profile/schema";
import { schedules } from "@/lib/schedules/schema";
import { isUuid } from "@/lib/organisations/access";

/**
 * The names the audit trail shows for the resources of its entries (and for role ids in
 * their changes), in place of ids. A resource is named as it is now; one that no longer
 * exists is named from the entry's snapshots by the caller (labels.ts `snapshotName`).
 *
 * A named system read, like the actors' names (list.ts): restricted to the organisation the
 * caller was authorised for and to ids taken from rows the caller was allowed to read, and it
 * returns names only. Never called inside a user transaction (PGlite has one connection).
 */
export type ResourceName =
  | { kind: "text"; text: string }
  | { kind: "role"; builtinKey: BuiltinRoleKey | null; name: string };

export interface AuditResourceRef {
  resourceType: string;
  resourceId: string | null;
}

export const resourceNameKey = (type: string, id: string) => `${type}:${id}`;

type NameRow = { id: string; name: string | null };

async function namesOf(
  tx: Tx,
  table: Parameters<ReturnType<Tx["select"]>["from"]>[0],
  idColumn: PgColumn,
  nameColumn: PgColumn | SQL,
  organisationColumn: PgColumn,
  organisationId: string,
  ids: string[],
): Promise<NameRow[]> {
  if (ids.length === 0) return [];
  return (await tx
    .select({ id: idColumn, name: nameColumn })
    .from(table)
    .where(and(eq(organisationColumn, organisationId), inArray(idColumn, ids)))) as NameRow[];
}

/**
 * Names of the resources of `refs` (and of the roles in `roleIds`), keyed by
 * `resourceNameKey(type, id)`; roles are keyed under type "role". Types without a table of
 * their own (modules: the id is the module's name) are left to the caller.
 */
export async function auditResourceNames(
  organisationId: string,
  refs: readonly AuditResourceRef[],
  roleIds: readonly string[] = [],
): Promise<Map<string, ResourceName>> {
  const idsOf = (...types: string[]) => [
    ...new Set(
      refs.flatMap((ref) =>
        ref.resourceId && types.includes(ref.resourceType) && isUuid(ref.resourceId)
          ? [ref.resourceId]
          : [],
      ),
    ),
  ];
  const wanted = {
    role: [...new Set([...idsOf("role"), ...roleIds.filter(isUuid)])],
    employment: idsOf("employment"),
    invitation: idsOf("invitation"),
    faq: idsOf("faq"),
    contactEmail: idsOf("contactEmail"),
    schedule: idsOf("schedule"),
    file: idsOf("storage.file", "storage.folder"),
    organisation: idsOf("organisation").filter((id) => id === organisationId),
  };
  const names = new Map<string, ResourceName>();
  if (Object.values(wanted).every((ids) => ids.length === 0)) return names;
  const text = (type: string, rows: NameRow[]) => {
    for (const row of rows) {
      if (row.name) names.set(resourceNameKey(type, row.id), { kind: "text", text: row.name });
    }
  };

  // Every kind's read is sent at once, together: one round trip for all of them.
  const [
    roleRows,
    employmentRows,
    invitationRows,
    faqRows,
    contactRows,
    scheduleRows,
    fileRows,
    organisationRows,
  ] = await withSystemContext("audit: resource names", (tx) =>
    Promise.all([
      wanted.role.length
        ? tx
            .select({ id: roles.id, builtinKey: roles.builtinKey, name: roles.name })
            .from(roles)
            .where(and(eq(roles.organisationId, organisationId), inArray(roles.id, wanted.role)))
        : [],
      wanted.employment.length
        ? tx
            .select({ id: employments.id, name: profiles.displayName, email: users.email })
            .from(employments)
            .leftJoin(profiles, eq(profiles.id, employments.userId))
            .leftJoin(users, eq(users.id, employments.userId))
            .where(
              and(
                eq(employments.organisationId, organisationId),
                inArray(employments.id, wanted.employment),
              ),
            )
        : [],
      namesOf(
        tx,
        invitations,
        invitations.id,
        invitations.email,
        invitations.organisationId,
        organisationId,
        wanted.invitation,
      ),
      namesOf(
        tx,
        organisationFaqs,
        organisationFaqs.id,
        organisationFaqs.question,
        organisationFaqs.organisationId,
        organisationId,
        wanted.faq,
      ),
      namesOf(
        tx,
        organisationContactEmails,
        organisationContactEmails.id,
        organisationContactEmails.email,
        organisationContactEmails.organisationId,
        organisationId,
        wanted.contactEmail,
      ),
      namesOf(
        tx,
        schedules,
        schedules.id,
        schedules.name,
        schedules.organisationId,
        organisationId,
        wanted.schedule,
      ),
      namesOf(
        tx,
        organisationFiles,
        organisationFiles.id,
        organisationFiles.name,
        organisationFiles.organisationId,
        organisationId,
        wanted.file,
      ),
      wanted.organisation.length
        ? tx
            .select({ id: organisations.id, name: organisations.name })
            .from(organisations)
            .where(eq(organisations.id, organisationId))
        : [],
    ]),
  );
  for (const row of roleRows) {
    names.set(resourceNameKey("role", row.id), {
      kind: "role",
      builtinKey: row.builtinKey,
      name: row.name,
    });
  }
  text(
    "employment",
    employmentRows.map((row) => ({ id: row.id, name: row.name?.trim() || row.email || null })),
  );
  text("invitation", invitationRows);
  text("faq", faqRows);
  text("contactEmail", contactRows);
  text("schedule", scheduleRows);
  text("storage.file", fileRows);
  text("storage.folder", fileRows);
  text("organisation", organisationRows);
  return names;
}
