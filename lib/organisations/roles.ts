import "server-only";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withUserContext } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import {
  builtinRolePermissions,
  isPermission,
  permissionNames,
  type Permission,
} from "@/lib/permissions/catalogue";
import { builtinRoleKeys, type BuiltinRoleKey } from "@/lib/permissions/define";
import enBackoffice from "@/messages/en/backoffice.json";
import esBackoffice from "@/messages/es/backoffice.json";
import type { OrganisationAccess } from "./access";
import {
  createRoleSchema,
  deleteRoleSchema,
  rolePermissionsSchema,
  updateRoleSchema,
} from "./role-schema";
import { employments, invitations, rolePermissions, roles } from "./schema";

/**
 * Roles of one organisation: the built-in ones (read-only, their permissions come from the
 * code's catalogue) and the custom ones (created, renamed, deleted and given permissions
 * here). Every read runs as the caller (RLS), every query names the organisation.
 */
export interface RoleSummary {
  id: string;
  builtinKey: BuiltinRoleKey | null;
  name: string;
  description: string;
  version: number;
  /** Active and suspended members holding the role. */
  members: number;
  /** Former (ended) members still recorded with the role. */
  formerMembers: number;
  /** Pending, unexpired invitations naming the role (visible with people.invitation.read). */
  pendingInvitations: number;
  permissions: Permission[];
}

const builtinOrder = new Map<string, number>(builtinRoleKeys.map((key, index) => [key, index]));

/** Lower-case names a custom role may not take: the built-in roles' keys and shown names. */
const reservedRoleNames: ReadonlySet<string> = new Set(
  [
    ...builtinRoleKeys,
    ...Object.values(enBackoffice.roleNames),
    ...Object.values(esBackoffice.roleNames),
  ].map((name) => name.toLocaleLowerCase()),
);

export function isReservedRoleName(name: string): boolean {
  return reservedRoleNames.has(name.trim().toLocaleLowerCase());
}

async function readRoles(tx: Tx, organisationId: string, roleId?: string): Promise<RoleSummary[]> {
  // The roles and their three counts are read by the organisation (and the role, for one),
  // not by the ids the first read finds: the four are sent together, one round trip.
  const ofRole = (column: AnyPgColumn) => (roleId ? eq(column, roleId) : undefined);
  const [rows, memberCounts, invitationCounts, granted] = await Promise.all([
    tx
      .select({
        id: roles.id,
        builtinKey: roles.builtinKey,
        name: roles.name,
        description: roles.description,
        version: roles.version,
      })
      .from(roles)
      .where(and(eq(roles.organisationId, organisationId), ofRole(roles.id)))
      .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id)),
    tx
      .select({
        roleId: employments.roleId,
        members: sql<number>`count(*) filter (where ${employments.status} in ('active', 'suspended'))::int`,
        former: sql<number>`count(*) filter (where ${employments.status} not in ('active', 'suspended'))::int`,
      })
      .from(employments)
      .where(and(eq(employments.organisationId, organisationId), ofRole(employments.roleId)))
      .groupBy(employments.roleId),
    tx
      .select({ roleId: invitations.roleId, count: sql<number>`count(*)::int` })
      .from(invitations)
      .where(
        and(
          eq(invitations.organisationId, organisationId),
          ofRole(invitations.roleId),
          eq(invitations.status, "pending"),
          gt(invitations.expiresAt, sql`now()`),
        ),
      )
      .groupBy(invitations.roleId),
    tx
      .select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(
        and(eq(rolePermissions.organisationId, organisationId), ofRole(rolePermissions.roleId)),
      ),
  ]);
  if (rows.length === 0) return [];

  const members = new Map(memberCounts.map((c) => [c.roleId, c]));
  const pending = new Map(invitationCounts.map((c) => [c.roleId, c.count]));
  const customPermissions = new Map<string, Permission[]>();
  for (const g of granted) {
    if (!isPermission(g.permission)) continue;
    const list = customPermissions.get(g.roleId) ?? [];
    list.push(g.permission);
    customPermissions.set(g.roleId, list);
  }
  const order = (r: { builtinKey: string | null }) =>
    r.builtinKey === null ? builtinRoleKeys.length : (builtinOrder.get(r.builtinKey) ?? 0);
  return rows
    .map((r) => ({
      ...r,
      members: members.get(r.id)?.members ?? 0,
      formerMembers: members.get(r.id)?.former ?? 0,
      pendingInvitations: pending.get(r.id) ?? 0,
      permissions: r.builtinKey
        ? builtinRolePermissions(r.builtinKey)
        : permissionNames.filter((p) => customPermissions.get(r.id)?.includes(p)),
    }))
    .sort((a, b) => order(a) - order(b));
}

/** The organisation's roles: built-in first (owner → viewer), then custom ones by name. */
export function listRoles(access: OrganisationAccess): Promise<RoleSummary[]> {
  return withUserContext(access.claims, (tx) => readRoles(tx, access.organisation.id));
}

/** One role of the organisation, or null (another organisation's id finds nothing). */
export async function getRole(
  access: OrganisationAccess,
  roleId: string,
): Promise<RoleSummary | null> {
  const found = await withUserContext(access.claims, (tx) =>
    readRoles(tx, access.organisation.id, roleId),
  );
  return found[0] ?? null;
}

/** Locks a custom role of the organisation for a change; 404 for anything else. */
async function lockCustomRole(tx: Tx, organisationId: string, roleId: string) {
  const [role] = await tx
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      version: roles.version,
    })
    .from(roles)
    .where(
      and(eq(roles.id, roleId), eq(roles.organisationId, organisationId), isNull(roles.builtinKey)),
    )
    .for("update");
  if (!role) throw new AppError("notFound");
  return role;
}

function nameTaken(error: unknown): boolean {
  return isUniqueViolation(error, "roles_organisation_name_key");
}

export const createRoleCommand: CommandConfig<typeof createRoleSchema, { id: string }> = {
  permission: "settings.role.write",
  schema: createRoleSchema,
  async run({ tx, access, input, audit }) {
    if (isReservedRoleName(input.name)) throw new AppError("roleNameTaken", "name");
    let created: typeof roles.$inferSelect | undefined;
    try {
      [created] = await tx
        .insert(roles)
        .values({
          organisationId: access.organisation.id,
          name: input.name,
          description: input.description,
        })
        .returning();
    } catch (error) {
      if (nameTaken(error)) throw new AppError("roleNameTaken", "name");
      throw error;
    }
    if (!created) throw new Error("The role was not created.");
    await audit({
      action: "settings.role.create",
      resourceType: "role",
      resourceId: created.id,
      after: { name: created.name, description: created.description },
    });
    return { id: created.id };
  },
};

export const updateRoleCommand: CommandConfig<typeof updateRoleSchema, { version: number }> = {
  permission: "settings.role.write",
  schema: updateRoleSchema,
  async run({ tx, access, input, audit }) {
    const before = await lockCustomRole(tx, access.organisation.id, input.roleId);
    if (before.version !== input.version) throw new AppError("stale");
    if (isReservedRoleName(input.name)) throw new AppError("roleNameTaken", "name");
    let updated: { version: number } | undefined;
    try {
      [updated] = await tx
        .update(roles)
        .set({
          name: input.name,
          description: input.description,
          version: sql`${roles.version} + 1`,
        })
        .where(
          and(
            eq(roles.id, input.roleId),
            eq(roles.organisationId, access.organisation.id),
            eq(roles.version, input.version),
          ),
        )
        .returning({ version: roles.version });
    } catch (error) {
      if (nameTaken(error)) throw new AppError("roleNameTaken", "name");
      throw error;
    }
    if (!updated) throw new AppError("stale");
    await audit({
      action: "settings.role.update",
      resourceType: "role",
      resourceId: input.roleId,
      before: { name: before.name, description: before.description },
      after: { name: input.name, description: input.description },
    });
    return updated;
  },
};

export const deleteRoleCommand: CommandConfig<typeof deleteRoleSchema, null> = {
  permission: "settings.role.write",
  schema: deleteRoleSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const role = await lockCustomRole(tx, organisationId, input.roleId);
    // Anyone recorded with the role (members, former members) or invited to it keeps it:
    // the role is refused rather than silently taken away or the invitation dropped.
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(employments)
      .where(and(eq(employments.organisationId, organisationId), eq(employments.roleId, role.id)));
    const [invited] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(invitations)
      .where(
        and(
          eq(invitations.organisationId, organisationId),
          eq(invitations.roleId, role.id),
          eq(invitations.status, "pending"),
        ),
      );
    if ((held?.count ?? 0) > 0 || (invited?.count ?? 0) > 0) throw new AppError("roleInUse");
    const permissions = await tx
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(
        and(
          eq(rolePermissions.organisationId, organisationId),
          eq(rolePermissions.roleId, role.id),
        ),
      );
    try {
      await tx
        .delete(roles)
        .where(and(eq(roles.id, role.id), eq(roles.organisationId, organisationId)));
    } catch (error) {
      // A reference the caller cannot see (foreign key 23503) keeps the role.
      if (isForeignKeyViolation(error)) throw new AppError("roleInUse");
      throw error;
    }
    await audit({
      action: "settings.role.delete",
      resourceType: "role",
      resourceId: role.id,
      before: {
        name: role.name,
        description: role.description,
        permissions: permissions.map((p) => p.permission).sort(),
      },
    });
    return null;
  },
};

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    if ((current as { code?: unknown }).code === "23503") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Saves one custom role's column of the permission matrix: the ticked set replaces the
 * role's permissions (delete + insert), the role's version moves on, and the audit entry
 * records the sets before and after. A caller grants only permissions they hold.
 */
export const saveRolePermissionsCommand: CommandConfig<
  typeof rolePermissionsSchema,
  { version: number; permissions: Permission[] }
> = {
  permission: "settings.role.write",
  schema: rolePermissionsSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const role = await lockCustomRole(tx, organisationId, input.roleId);
    if (role.version !== input.version) throw new AppError("stale");
    const current = await tx
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(
        and(
          eq(rolePermissions.organisationId, organisationId),
          eq(rolePermissions.roleId, role.id),
        ),
      );
    const before = current.map((p) => p.permission).sort();
    const wanted: Permission[] = input.permissions;
    const added = wanted.filter((p) => !before.includes(p));
    if (added.some((p) => !access.can(p))) throw new AppError("permissionNotHeld");

    await tx
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.organisationId, organisationId),
          eq(rolePermissions.roleId, role.id),
        ),
      );
    if (wanted.length) {
      await tx
        .insert(rolePermissions)
        .values(wanted.map((permission) => ({ roleId: role.id, organisationId, permission })));
    }
    const [updated] = await tx
      .update(roles)
      .set({ version: sql`${roles.version} + 1` })
      .where(
        and(
          eq(roles.id, role.id),
          eq(roles.organisationId, organisationId),
          eq(roles.version, input.version),
        ),
      )
      .returning({ version: roles.version });
    if (!updated) throw new AppError("stale");
    await audit({
      action: "settings.rolePermission.update",
      resourceType: "role",
      resourceId: role.id,
      before: { name: role.name, permissions: before },
      after: { name: role.name, permissions: wanted },
    });
    return { version: updated.version, permissions: wanted };
  },
};
