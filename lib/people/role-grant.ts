import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { builtinRoleGrants, rolePermissions, roles } from "@/lib/organisations/schema";
import type { Permission } from "@/lib/permissions/catalogue";

/**
 * No one hands out more than they hold: a role may be given (by invitation or a role
 * change), and a member holding it may be changed, only by someone who holds every
 * permission of that role. Without this, a custom role allowed to invite could invite an
 * admin, or one allowed to manage members could promote a colleague past itself. Owners hold
 * every permission; the owner role has its own rule (ownerOnly). Read under RLS: role grants
 * are visible to members.
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
    ? await tx
        .select({ permission: builtinRoleGrants.permission })
        .from(builtinRoleGrants)
        .where(eq(builtinRoleGrants.roleKey, role.builtinKey))
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
