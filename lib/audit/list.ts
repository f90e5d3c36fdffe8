import "server-only";
import { inArray, sql } from "drizzle-orm";
import { withSystemContext, withUserContext } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import type { Tx } from "@/lib/db/types";
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

type PageRows = Awaited<ReturnType<typeof auditPageQuery>>;
type AuditCursor = ReturnType<typeof decodeAuditCursor>;

/**
 * The rows of one page as the caller, in an open user transaction: one more than `size` (to
 * know whether there is a next page), and the cursor the page was read with.
 */
async function readPageRows(
  tx: Tx,
  access: OrganisationAccess,
  filters: AuditFilters,
  cursorToken: string | null,
  size: number,
): Promise<{ rows: PageRows; cursor: AuditCursor }> {
  let cursor = decodeAuditCursor(cursorToken);
  const where = auditFilterConditions(
    access.organisation.id,
    access.organisation.timeZone,
    filters,
  );
  let rows = await auditPageQuery(tx, where, cursor, size);
  // Newer pages read upwards; one that reaches the newest entries becomes the first page
  // (full, with no "newer" link) rather than a short page.
  if (cursor?.direction === "newer" && rows.length <= size) {
    cursor = null;
    rows = await auditPageQuery(tx, where, null, size);
  }
  return { rows, cursor };
}

/** A page from its rows: the actors named, the links to the newer and older pages. */
function pageOf(
  { rows: read, cursor }: { rows: PageRows; cursor: AuditCursor },
  size: number,
  names: ReadonlyMap<string, string>,
): AuditPage {
  const more = read.length > size;
  const rows = read.slice(0, size);
  if (cursor?.direction === "newer") rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasNewer = cursor === null ? false : cursor.direction === "newer" ? more : true;
  const hasOlder = cursor?.direction === "newer" ? true : more;
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

const actorsOf = (rows: PageRows) => rows.flatMap((r) => (r.actorUserId ? [r.actorUserId] : []));

/**
 * One page of the organisation's audit trail, newest first. `cursor` is the opaque token of
 * a previous page's `newer` / `older` link (an invalid one reads the newest page).
 */
export async function listAuditEntries(
  access: OrganisationAccess,
  filters: AuditFilters,
  cursorToken: string | null,
  limit: number,
): Promise<AuditPage> {
  const size = clampLimit(limit);
  const read = await withUserContext(access.claims, (tx) =>
    readPageRows(tx, access, filters, cursorToken, size),
  );
  return pageOf(read, size, await actorNames(actorsOf(read.rows)));
}

/**
 * The audit screen's reads: a page of entries and the filter menus in one user transaction
 * (their statements sent together), then the names of every actor of both in one system read.
 * The same answers as `listAuditEntries` and `listAuditFilterOptions`, in two transactions
 * instead of four.
 */
export async function loadAuditScreen(
  access: OrganisationAccess,
  filters: AuditFilters,
  cursorToken: string | null,
  limit: number,
): Promise<{ page: AuditPage; options: AuditFilterOptions }> {
  const size = clampLimit(limit);
  const [read, values] = await withUserContext(access.claims, (tx) =>
    Promise.all([readPageRows(tx, access, filters, cursorToken, size), menuValues(tx, access)]),
  );
  const names = await actorNames([...values.actors, ...actorsOf(read.rows)]);
  return { page: pageOf(read, size, names), options: optionsOf(values, names) };
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

type MenuValues = { actors: string[]; actions: string[]; resourceTypes: string[] };

/**
 * The distinct actors, actions and resource types of the trail, for the filter menus: a
 * skip scan (recursive CTE) on each filter's index, one index probe per distinct value, so
 * the cost follows the number of values, not of entries.
 */
async function menuValues(tx: Tx, access: OrganisationAccess): Promise<MenuValues> {
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
  const [actors, actions, resourceTypes] = await Promise.all([
    queryRows<{ value: string }>(tx, distinct("actor_user_id")),
    queryRows<{ value: string }>(tx, distinct("action")),
    queryRows<{ value: string }>(tx, distinct("resource_type")),
  ]);
  const values = (rows: { value: string }[]) => rows.map((r) => r.value);
  return { actors: values(actors), actions: values(actions), resourceTypes: values(resourceTypes) };
}

function optionsOf(values: MenuValues, names: ReadonlyMap<string, string>): AuditFilterOptions {
  return {
    actors: values.actors
      .map((id) => ({ id, name: names.get(id) ?? null }))
      .sort((x, y) => (x.name ?? "\uffff").localeCompare(y.name ?? "\uffff")),
    actions: values.actions,
    resourceTypes: values.resourceTypes,
  };
}

/** The filter menus' values, the actors with their names. */
export async function listAuditFilterOptions(
  access: OrganisationAccess,
): Promise<AuditFilterOptions> {
  const values = await withUserContext(access.claims, (tx) => menuValues(tx, access));
  return optionsOf(values, await actorNames(values.actors));
}
