import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { rolePermissions, roles } from "@/lib/organisations/schema";
import {
  builtinGrants,
  builtinRolePermissions,
  type Permission,
} from "@/lib/permissions/catalogue";
import type { BuiltinRoleKey } from "@/lib/permissions/define";

/**
 * No one hands out more than they hold: a role may be given (by invitation or a role
 * change), and a member holding it may be changed, only by someone who holds every
 * permission of that role. Without this, a custom role allowed to invite could invite an
 * admin, or one allowed to manage members could promote a colleague past itself. Owners hold
 * every permission; the owner role has its own rule (ownerOnly). A custom role's grants are
 * read under RLS (visible to members); a built-in role's come from the permission catalogue,
 * which the database's `builtin_role_grants` is synced from (lib/permissions/sync.ts), so no
 * request reads that table.
 */
export async function requireRoleWithinOwn(
  tx: Tx,
  access: OrganisationAccess,
  roleId: string,
  field?: string,
): Promise<void> {
  const organisationId = access.organisation.id;
  const [role] = await tx
    .select({ builtinKey: roles.builtinKey })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.organisationId, organisationId)));
  if (!role) throw new AppError("notFound", field);
  const granted = role.builtinKey
    ? builtinRolePermissions(role.builtinKey).map((permission) => ({ permission }))
    : await tx
        .select({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(
          and(
            eq(rolePermissions.organisationId, organisationId),
            eq(rolePermissions.roleId, roleId),
          ),
        );
  if (granted.some(({ permission }) => !access.permissions.has(permission as Permission))) {
    throw new AppError("roleBeyondOwn", field);
  }
}

/**
 * The whole rule for handing out a role, as inviting applies it and as resending and
 * withdrawing an invitation apply it again (the invitation hands out its role): "owner" only
 * by owners (ownerOnly), any other role only within the caller's own permissions
 * (roleBeyondOwn).
 */
export async function requireMayHandOut(
  tx: Tx,
  access: OrganisationAccess,
  role: { id: string; builtinKey: BuiltinRoleKey | null },
  field?: string,
): Promise<void> {
  if (role.builtinKey === "owner" && access.employment.roleKey !== "owner") {
    throw new AppError("ownerOnly", field);
  }
  await requireRoleWithinOwn(tx, access, role.id, field);
}

/**
 * Keys of the roles the caller may not give for holding a permission the caller lacks: a
 * built-in role by its key, a custom role by its id (for screens that list many roles).
 */
export async function rolesBeyondOwn(tx: Tx, access: OrganisationAccess): Promise<Set<string>> {
  const custom = await tx
    .select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.organisationId, access.organisation.id));
  const held = (permission: string) => access.permissions.has(permission as Permission);
  const beyond = new Set<string>();
  for (const grant of builtinGrants()) if (!held(grant.permission)) beyond.add(grant.roleKey);
  for (const grant of custom) if (!held(grant.permission)) beyond.add(grant.roleId);
  return beyond;
}

/** The same rule as `requireMayHandOut`, over `rolesBeyondOwn`'s answer (no database). */
export function mayHandOut(
  access: OrganisationAccess,
  role: { id: string; builtinKey: BuiltinRoleKey | null },
  beyond: ReadonlySet<string>,
): boolean {
  if (role.builtinKey === "owner" && access.employment.roleKey !== "owner") return false;
  return !beyond.has(role.builtinKey ?? role.id);
}
