import "server-only";
import { sql } from "drizzle-orm";
import { cache } from "react";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import type { Tx } from "@/lib/db/types";
import {
  isModuleName,
  isModuleTier,
  type ModuleName,
  type ModuleTier,
} from "@/lib/modules/catalogue";
import { builtinRolePermissions, isPermission, type Permission } from "@/lib/permissions/catalogue";
import type { BuiltinRoleKey } from "@/lib/permissions/define";
import { isUuid } from "@/lib/validation/uuid";

/**
 * Who the caller is in one organisation, resolved once per request: user → active
 * employment → organisation → role → permissions, plus the modules switched on. Every
 * back-office door (page, action, route handler) starts from this and asks for permissions
 * by name. Not a member, or not active: null, and the door answers 404.
 */
export interface OrganisationAccess {
  claims: UserClaims;
  userId: string;
  organisation: {
    id: string;
    name: string;
    slug: string;
    timeZone: string;
    currency: string;
    locale: string;
  };
  employment: {
    id: string;
    roleId: string;
    roleKey: BuiltinRoleKey | null;
    roleName: string;
  };
  permissions: ReadonlySet<Permission>;
  modules: ReadonlyMap<ModuleName, ModuleTier>;
  can(permission: Permission): boolean;
  hasModule(module: ModuleName): boolean;
}

export { isUuid };

/**
 * What `app.member_access(org)` answers (migration 0041): the caller's active employment in
 * an active organisation, with its role, a custom role's own permissions and the modules
 * switched on; null without one. It answers for auth.uid() only.
 */
export interface MemberAccessRow {
  organisation: OrganisationAccess["organisation"];
  employmentId: string;
  roleId: string;
  roleKey: BuiltinRoleKey | null;
  roleName: string;
  customPermissions: string[];
  modules: [string, string][];
}

/** The statement's select item, for a caller that reads more in the same statement (the frame). */
export const memberAccessOf = (organisationId: string) =>
  sql`app.member_access(${organisationId}::uuid)`;

/** The access a `member_access` answer describes, for the caller of `claims`. */
export function accessFromRow(
  claims: UserClaims,
  row: MemberAccessRow | null | undefined,
): OrganisationAccess | null {
  if (!row) return null;
  // A built-in role's permissions come from the code's catalogue (they have no rows).
  const granted: Permission[] = row.roleKey
    ? builtinRolePermissions(row.roleKey)
    : row.customPermissions.filter(isPermission);
  const modules = new Map<ModuleName, ModuleTier>();
  for (const [module, tier] of row.modules) {
    if (isModuleName(module) && isModuleTier(tier)) modules.set(module, tier);
  }
  const permissions: ReadonlySet<Permission> = new Set(granted);
  return {
    claims,
    userId: claims.sub,
    organisation: row.organisation,
    employment: {
      id: row.employmentId,
      roleId: row.roleId,
      roleKey: row.roleKey,
      roleName: row.roleName,
    },
    permissions,
    modules,
    can: (permission) => permissions.has(permission),
    hasModule: (module) => modules.has(module),
  };
}

/**
 * Resolves access inside an open user transaction: one statement, `app.member_access`, which
 * reads the caller's own employment, role, permissions and the modules for auth.uid() (the
 * transaction's claims). Not a member, not active, or an organisation that is not active:
 * null.
 */
export async function resolveAccessInTx(
  tx: Tx,
  claims: UserClaims,
  organisationId: string,
): Promise<OrganisationAccess | null> {
  if (!isUuid(organisationId)) return null;
  const [row] = await queryRows<{ access: MemberAccessRow | null }>(
    tx,
    sql`select ${memberAccessOf(organisationId)} as access`,
  );
  return accessFromRow(claims, row?.access);
}

/** The same in its own transaction, for callers that hold claims (tests, route handlers). */
export function resolveAccess(
  claims: UserClaims,
  organisationId: string,
): Promise<OrganisationAccess | null> {
  if (!isUuid(organisationId)) return Promise.resolve(null);
  return withUserContext(claims, (tx) => resolveAccessInTx(tx, claims, organisationId));
}

/**
 * The caller's access to an organisation for this request (React's per-request cache: the
 * layout, the page and its widgets share one resolution).
 */
export const getOrganisationAccess = cache(
  async (organisationId: string): Promise<OrganisationAccess | null> => {
    if (!isUuid(organisationId)) return null;
    const claims = await getCurrentClaims();
    if (!claims) return null;
    return resolveAccess(claims, organisationId);
  },
);
