import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/types";
import type { AuditFilters } from "./audit-params";
import type { AuditCursor } from "./cursor";
import { auditEntries } from "./schema";

/**
 * The audit page's query, on its own (no server-only import) so that the bench can EXPLAIN
 * exactly what the page runs (bench/backoffice.ts). One row more than the page is read to
 * know whether another page follows.
 */
export function auditFilterConditions(
  organisationId: string,
  timeZone: string,
  filters: AuditFilters,
): SQL[] {
  const where: SQL[] = [eq(auditEntries.organisationId, organisationId)];
  if (filters.actorUserId) where.push(eq(auditEntries.actorUserId, filters.actorUserId));
  if (filters.action) where.push(eq(auditEntries.action, filters.action));
  if (filters.resourceType) where.push(eq(auditEntries.resourceType, filters.resourceType));
  // Days are the organisation's: local midnight of `from` up to local midnight after `to`.
  if (filters.from) {
    where.push(
      sql`${auditEntries.createdAt} >= ((${filters.from}::date)::timestamp at time zone ${timeZone})`,
    );
  }
  if (filters.to) {
    where.push(
      sql`${auditEntries.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`,
    );
  }
  return where;
}

export function auditPageQuery(
  db: Queryable,
  where: readonly SQL[],
  cursor: AuditCursor | null,
  limit: number,
) {
  const newer = cursor?.direction === "newer";
  const conditions = [...where];
  if (cursor) {
    const position = sql`(${cursor.createdAt}::timestamptz, ${cursor.id}::bigint)`;
    conditions.push(
      newer
        ? sql`(${auditEntries.createdAt}, ${auditEntries.id}) > ${position}`
        : sql`(${auditEntries.createdAt}, ${auditEntries.id}) < ${position}`,
    );
  }
  // Spelled as the indexes are built (`desc nulls last`; read backwards `asc nulls first`):
  // a plain `desc` (nulls first) does not match them, and Postgres would then sort every row
  // of the organisation, calling the RLS policy's has_permission() for each (bench/backoffice.ts).
  const order = newer
    ? [sql`${auditEntries.createdAt} asc nulls first`, sql`${auditEntries.id} asc nulls first`]
    : [sql`${auditEntries.createdAt} desc nulls last`, sql`${auditEntries.id} desc nulls last`];
  return db
    .select({
      id: auditEntries.id,
      createdAt: auditEntries.createdAt,
      cursorAt: sql<string>`to_char(${auditEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      actorUserId: auditEntries.actorUserId,
      action: auditEntries.action,
      resourceType: auditEntries.resourceType,
      resourceId: auditEntries.resourceId,
      before: auditEntries.before,
      after: auditEntries.after,
    })
    .from(auditEntries)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit + 1);
}
