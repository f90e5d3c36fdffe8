import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { cache } from "react";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { statement } from "@/lib/db/statement";
import type { Tx } from "@/lib/db/types";
import {
  isModuleName,
  isModuleTier,
  type ModuleName,
  type ModuleTier,
} from "@/lib/modules/catalogue";
import { builtinRolePermissions, isPermission, type Permission } from "@/lib/permissions/catalogue";
import type { BuiltinRoleKey } from "@/lib/permissions/define";
import { employments, organisationModules, organisations, rolePermissions, roles } from "./schema";

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

// The frame of every back-office request reads these three: built once (lib/db/statement.ts).
type MemberValues = { organisationId: string; userId: string };
const activeMember = and(
  eq(employments.organisationId, sql.placeholder("organisationId")),
  eq(employments.userId, sql.placeholder("userId")),
  eq(employments.status, "active"),
);

const membershipOf = statement<
  MemberValues,
  {
    organisation: OrganisationAccess["organisation"];
    employmentId: string;
    roleId: string;
    roleKey: BuiltinRoleKey | null;
    roleName: string;
  }[]
>("access: membership", (db) =>
  db
    .select({
      organisation: {
        id: organisations.id,
        name: organisations.name,
        slug: organisations.slug,
        timeZone: organisations.timeZone,
        currency: organisations.currency,
        locale: organisations.locale,
      },
      employmentId: employments.id,
      roleId: roles.id,
      roleKey: roles.builtinKey,
      roleName: roles.name,
    })
    .from(employments)
    .innerJoin(organisations, eq(organisations.id, employments.organisationId))
    .innerJoin(roles, eq(roles.id, employments.roleId))
    .where(and(activeMember, eq(organisations.status, "active")))
    .limit(1),
);

// A built-in role's permissions come from the code's catalogue (they have no rows here).
const customPermissionsOf = statement<MemberValues, { permission: string }[]>(
  "access: custom permissions",
  (db) =>
    db
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .innerJoin(employments, eq(employments.roleId, rolePermissions.roleId))
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(
        and(
          activeMember,
          eq(rolePermissions.organisationId, sql.placeholder("organisationId")),
          isNull(roles.builtinKey),
        ),
      ),
);

const modulesOf = statement<MemberValues, { module: string; tier: string }[]>(
  "access: modules",
  (db) =>
    db
      .select({ module: organisationModules.module, tier: organisationModules.tier })
      .from(organisationModules)
      .where(
        and(
          eq(organisationModules.organisationId, sql.placeholder("organisationId")),
          eq(organisationModules.enabled, true),
        ),
      ),
);

/**
 * Resolves access inside an open user transaction: three indexed reads sent together (the
 * driver pipelines them: one round trip), the employment with its organisation and role, the
 * role's own permissions when it is a custom role, and the modules switched on. All three are
 * filtered by RLS as the caller; without an active employment the first finds nothing and the
 * answer is null whatever the others found.
 */
export async function resolveAccessInTx(
  tx: Tx,
  claims: UserClaims,
  organisationId: string,
): Promise<OrganisationAccess | null> {
  if (!isUuid(organisationId)) return null;
  const values = { organisationId, userId: claims.sub };
  const [[row], custom, moduleRows] = await Promise.all([
    membershipOf(tx, values),
    customPermissionsOf(tx, values),
    modulesOf(tx, values),
  ]);
  if (!row) return null;

  const granted: Permission[] = row.roleKey
    ? builtinRolePermissions(row.roleKey)
    : custom.map((r) => r.permission).filter(isPermission);
  const modules = new Map<ModuleName, ModuleTier>();
  for (const m of moduleRows) {
    if (isModuleName(m.module) && isModuleTier(m.tier)) modules.set(m.module, m.tier);
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
