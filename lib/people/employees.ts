import "server-only";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { pageOffset } from "@/components/ui/data-table/pager";
import { countedPage } from "@/lib/db/counted-page";
import type { Tx } from "@/lib/db/types";
import type { SortDirection } from "@/components/ui/data-table/params";
import { withUserContext } from "@/lib/db/context";
import { AppError } from "@/lib/errors/app-error";
import { isUuid, type OrganisationAccess } from "@/lib/organisations/access";
import { employments, roles, type EmploymentStatus } from "@/lib/organisations/schema";
import type { BuiltinRoleKey } from "@/lib/permissions/define";
import { likeContains } from "./directory";
import type { EmployeeFilterStatus, EmployeeSort } from "./list-params";
import { rolesBeyondOwn } from "./role-grant";

/**
 * The organisation's members (employments), read under RLS as the caller and always
 * filtered on the organisation they were authorised for. Names and emails come from the
 * member directory (`app.member_directory`, migration 0040: colleagues' names and sign-in
 * emails, for a caller who may read the members), joined in the same user transaction: a
 * name search, the name order and the page's labels are one query.
 */
export interface EmployeeRow {
  id: string;
  userId: string;
  name: string;
  email: string;
  roleId: string;
  roleKey: BuiltinRoleKey | null;
  roleName: string;
  status: EmploymentStatus;
  since: Date;
  endedAt: Date | null;
  version: number;
}

export interface EmployeeQuery {
  page: number;
  size: number;
  sort: EmployeeSort;
  dir: SortDirection;
  q: string;
  status: EmployeeFilterStatus | null;
  role: string | null;
}

export interface EmployeePage {
  rows: EmployeeRow[];
  total: number;
  page: number;
}

function requireRead(access: OrganisationAccess): void {
  if (!access.can("people.employment.read")) throw new AppError("notFound");
}

/** Built-in roles in rank order, then custom roles by name. */
export const roleRank = sql`case ${roles.builtinKey} when 'owner' then 0 when 'admin' then 1 when 'manager' then 2 when 'staff' then 3 when 'viewer' then 4 else 5 end`;

/** A member's row as the lists and the member page read it (names come from the directory). */
const employeeColumns = {
  id: employments.id,
  userId: employments.userId,
  roleId: employments.roleId,
  roleKey: roles.builtinKey,
  roleName: roles.name,
  status: employments.status,
  since: employments.createdAt,
  endedAt: employments.endedAt,
  version: employments.version,
};

/** The directory's row for each employment (a left join: a user without a profile has no name). */
function directoryOf(organisationId: string) {
  return sql`app.member_directory(${organisationId}::uuid) as directory`;
}
const joinsDirectory = sql`directory.user_id = ${employments.userId}`;
const directoryName = sql<string | null>`directory.display_name`;
const directoryEmail = sql<string | null>`directory.email`;

function labelled<R extends { name: string | null; email: string | null }>(
  row: R,
): Omit<R, "name" | "email"> & { name: string; email: string } {
  return { ...row, name: row.name ?? "", email: row.email ?? "" };
}

export async function listEmployees(
  access: OrganisationAccess,
  query: EmployeeQuery,
): Promise<EmployeePage> {
  requireRead(access);
  return withUserContext(access.claims, (tx) => listEmployeesInTx(tx, access, query));
}

async function listEmployeesInTx(
  tx: Tx,
  access: OrganisationAccess,
  query: EmployeeQuery,
): Promise<EmployeePage> {
  const organisationId = access.organisation.id;
  const term = query.q.trim();
  const conditions: SQL[] = [eq(employments.organisationId, organisationId)];
  if (query.status) conditions.push(eq(employments.status, query.status));
  if (query.role && isUuid(query.role)) conditions.push(eq(employments.roleId, query.role));
  if (term) {
    const pattern = likeContains(term);
    conditions.push(sql`(${directoryName} ilike ${pattern} or ${directoryEmail} ilike ${pattern})`);
  }
  const where = and(...conditions);

  const direction = query.dir === "desc" ? desc : asc;
  const orderBy: SQL[] = [];
  if (query.sort === "name") {
    orderBy.push(
      direction(sql`lower(coalesce(${directoryName}, ''))`),
      direction(sql`lower(coalesce(${directoryEmail}, ''))`),
      direction(employments.userId),
    );
  } else if (query.sort === "role") {
    orderBy.push(direction(roleRank), direction(sql`lower(${roles.name})`));
  } else if (query.sort === "status") {
    orderBy.push(direction(employments.status));
  }
  orderBy.push(direction(employments.createdAt), asc(employments.id));

  // The count needs the directory only to search in it.
  const count = async () => {
    const counted = tx.select({ n: sql<number>`count(*)::int` }).from(employments);
    const [row] = await (
      term ? counted.leftJoin(directoryOf(organisationId), joinsDirectory) : counted
    ).where(where);
    return row?.n ?? 0;
  };
  const { rows, total, page } = await countedPage(query.page, query.size, count, (page) =>
    tx
      .select({ ...employeeColumns, name: directoryName, email: directoryEmail })
      .from(employments)
      .innerJoin(roles, eq(roles.id, employments.roleId))
      .leftJoin(directoryOf(organisationId), joinsDirectory)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.size)
      .offset(pageOffset(page, query.size)),
  );
  return { total, page, rows: rows.map(labelled) };
}

/**
 * The member list's screen: a page of members and the roles its filter offers, in one user
 * transaction (their reads are sent together).
 */
export async function loadPeopleList(
  access: OrganisationAccess,
  query: EmployeeQuery,
): Promise<{ result: EmployeePage; roles: RoleOption[] }> {
  requireRead(access);
  return withUserContext(access.claims, async (tx) => {
    const [result, roles] = await Promise.all([
      listEmployeesInTx(tx, access, query),
      listOrganisationRolesInTx(tx, access),
    ]);
    return { result, roles };
  });
}

/** One member of the organisation, or null (another organisation's id reads as null). */
export async function getEmployment(
  access: OrganisationAccess,
  employmentId: string,
): Promise<EmployeeRow | null> {
  requireRead(access);
  if (!isUuid(employmentId)) return null;
  const [row] = await withUserContext(access.claims, (tx) =>
    tx
      .select({ ...employeeColumns, name: directoryName, email: directoryEmail })
      .from(employments)
      .innerJoin(roles, eq(roles.id, employments.roleId))
      .leftJoin(directoryOf(access.organisation.id), joinsDirectory)
      .where(
        and(
          eq(employments.id, employmentId),
          eq(employments.organisationId, access.organisation.id),
        ),
      )
      .limit(1),
  );
  return row ? labelled(row) : null;
}

export interface RoleOption {
  id: string;
  builtinKey: BuiltinRoleKey | null;
  name: string;
  /** Every permission of the role is the caller's: they may give it (role-grant.ts). */
  grantable: boolean;
}

/** The organisation's roles (built-in in rank order, then custom by name). */
export async function listOrganisationRoles(access: OrganisationAccess): Promise<RoleOption[]> {
  return withUserContext(access.claims, (tx) => listOrganisationRolesInTx(tx, access));
}

async function listOrganisationRolesInTx(
  tx: Tx,
  access: OrganisationAccess,
): Promise<RoleOption[]> {
  const [rows, beyond] = await Promise.all([
    tx
      .select({ id: roles.id, builtinKey: roles.builtinKey, name: roles.name })
      .from(roles)
      .where(eq(roles.organisationId, access.organisation.id))
      .orderBy(roleRank, asc(sql`lower(${roles.name})`)),
    rolesBeyondOwn(tx, access),
  ]);
  return rows.map((role) => ({
    ...role,
    grantable: !beyond.has(role.builtinKey ?? role.id),
  }));
}

/** Active members, for the dashboard. */
export async function countActiveMembers(access: OrganisationAccess): Promise<number> {
  const [row] = await withUserContext(access.claims, (tx) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(employments)
      .where(
        and(
          eq(employments.organisationId, access.organisation.id),
          inArray(employments.status, ["active"]),
        ),
      ),
  );
  return row?.n ?? 0;
}
