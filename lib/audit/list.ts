import "server-only";
import { inArray, sql } from "drizzle-orm";
import { withSystemContext, withUserContext } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { profiles } from "@/lib/profile/schema";
import type { AuditFilters } from "./audit-params";
import { decodeAuditCursor, encodeAuditCursor } from "./cursor";
import { auditFilterConditions, auditPageQuery } from "./page-query";

/**
 * Reading the audit trail. Pages by keyset on (created_at desc, id desc): each page asks for
 * one row more than it shows to know whether there is a next one; nothing counts the table.
 * Every filter has an index that starts with the organisation and ends with that order
 * (lib/audit/schema.ts). Rows are read as the caller (RLS: settings.audit.read).
 */
export interface AuditEntryView {
  id: number;
  createdAt: Date;
  actorUserId: string | null;
  /** The actor's display name; null for the system or a user without a profile. */
  actorName: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  entries: AuditEntryView[];
  /** Cursor of the page of newer entries, null on the newest page. */
  newer: string | null;
  /** Cursor of the page of older entries, null on the oldest page. */
  older: string | null;
}

export const AUDIT_MAX_LIMIT = 100;

/**
 * Display names of the actors on a page. Profiles are private to their owner under RLS, so
 * this is a named system read restricted to the ids of rows the caller was allowed to read.
 */
export async function actorNames(userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await withSystemContext("audit: actor display names", (tx) =>
    tx
      .select({ id: profiles.id, name: profiles.displayName })
      .from(profiles)
      .where(inArray(profiles.id, ids)),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return 25;
  return Math.min(AUDIT_MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

/**
 * One page of the organisation's audit trail, newest first. `cursor` is the opaque token of
 * a previous page's `newer` / `older` link (an invalid one reads the newest page).
 */
export async function listAuditEntries(
  access: OrganisationAccess,
  filters: AuditFilters,
  cursorToken: string | null,
  limit: number,
  namesOf: (userIds: readonly string[]) => Promise<Map<string, string>> = actorNames,
): Promise<AuditPage> {
  const size = clampLimit(limit);
  let cursor = decodeAuditCursor(cursorToken);
  const where = auditFilterConditions(
    access.organisation.id,
    access.organisation.timeZone,
    filters,
  );
  let rows = await withUserContext(access.claims, async (tx) => {
    let found = await auditPageQuery(tx, where, cursor, size);
    // Newer pages read upwards; one that reaches the newest entries becomes the first page
    // (full, with no "newer" link) rather than a short page.
    if (cursor?.direction === "newer" && found.length <= size) {
      cursor = null;
      found = await auditPageQuery(tx, where, null, size);
    }
    return found;
  });

  const more = rows.length > size;
  rows = rows.slice(0, size);
  if (cursor?.direction === "newer") rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasNewer = cursor === null ? false : cursor.direction === "newer" ? more : true;
  const hasOlder = cursor?.direction === "newer" ? true : more;

  const names = await namesOf(rows.flatMap((r) => (r.actorUserId ? [r.actorUserId] : [])));
  return {
    entries: rows.map(({ cursorAt: _cursorAt, ...row }) => ({
      ...row,
      actorName: row.actorUserId ? (names.get(row.actorUserId) ?? null) : null,
    })),
    newer:
      hasNewer && first
        ? encodeAuditCursor({ direction: "newer", createdAt: first.cursorAt, id: first.id })
        : null,
    older:
      hasOlder && last
        ? encodeAuditCursor({ direction: "older", createdAt: last.cursorAt, id: last.id })
        : null,
  };
}

/**
 * Actor names for a page of entries from the filter menus' actors, which are every actor of
 * the trail with their names already read: the audit screen reads names once, not twice. An
 * actor the menus do not know (an entry written between the two reads) is looked up.
 */
export function actorNamesFrom(
  options: Promise<AuditFilterOptions>,
): (userIds: readonly string[]) => Promise<Map<string, string>> {
  return async (userIds) => {
    const { actors } = await options;
    const known = new Map(actors.map((actor) => [actor.id, actor.name]));
    const names = new Map<string, string>();
    for (const id of userIds) {
      const name = known.get(id);
      if (name) names.set(id, name);
    }
    const missing = userIds.filter((id) => !known.has(id));
    for (const [id, name] of await actorNames(missing)) names.set(id, name);
    return names;
  };
}

/** The newest `n` entries (the dashboard's recent activity). */
export async function recentAuditEntries(
  access: OrganisationAccess,
  n: number,
): Promise<AuditEntryView[]> {
  return (await listAuditEntries(access, {}, null, n)).entries;
}

export interface AuditFilterOptions {
  actors: { id: string; name: string | null }[];
  actions: string[];
  resourceTypes: string[];
}

/**
 * The distinct actors, actions and resource types of the trail, for the filter menus: a
 * skip scan (recursive CTE) on each filter's index, one index probe per distinct value, so
 * the cost follows the number of values, not of entries.
 */
export async function listAuditFilterOptions(
  access: OrganisationAccess,
): Promise<AuditFilterOptions> {
  const org = access.organisation.id;
  // The recursion keeps the column's own type: a cast in the comparison would not be
  // leakproof, so Postgres could not use it in the index below the RLS policy.
  const distinct = (column: "actor_user_id" | "action" | "resource_type") => sql`
    with recursive found(value) as (
      (select ${sql.raw(column)} as value from public.audit_entries
        where organisation_id = ${org} and ${sql.raw(column)} is not null
        order by ${sql.raw(column)} limit 1)
      union all
      select (select a.${sql.raw(column)} from public.audit_entries a
        where a.organisation_id = ${org} and a.${sql.raw(column)} > found.value
        order by a.${sql.raw(column)} limit 1)
      from found where found.value is not null
    )
    select value::text as value from found where value is not null`;
  // Sent together: one round trip for the three.
  const [actors, actions, resourceTypes] = await withUserContext(access.claims, (tx) =>
    Promise.all([
      queryRows<{ value: string }>(tx, distinct("actor_user_id")),
      queryRows<{ value: string }>(tx, distinct("action")),
      queryRows<{ value: string }>(tx, distinct("resource_type")),
    ]),
  );
  const names = await actorNames(actors.map((a) => a.value));
  return {
    actors: actors
      .map((a) => ({ id: a.value, name: names.get(a.value) ?? null }))
      .sort((x, y) => (x.name ?? "\uffff").localeCompare(y.name ?? "\uffff")),
    actions: actions.map((a) => a.value),
    resourceTypes: resourceTypes.map((r) => r.value),
  };
}
