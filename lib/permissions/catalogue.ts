import { builtinRoleKeys, type BuiltinRoleKey } from "./define";
import { organisationPermissions } from "@/lib/organisations/permissions";
import { peoplePermissions } from "@/lib/people/permissions";
import { filesPermissions } from "@/lib/files/permissions";
import { schedulePermissions } from "@/lib/schedules/permissions";
import { commercePermissions } from "@/lib/commerce/permissions";
import { reviewPermissions } from "@/lib/reviews/permissions";
import { billingPermissions } from "@/lib/billing/permissions";
import { paymentPermissions } from "@/lib/income/permissions";

/**
 * Every permission of every module, gathered from each module's own declaration. Later
 * modules add their list here. The database's copy of the built-in roles' grants
 * (`app_builtin_role_grants`) is synced from this list whenever migrations run.
 */
export const permissionCatalogue = [
  ...organisationPermissions,
  ...peoplePermissions,
  ...filesPermissions,
  ...schedulePermissions,
  ...commercePermissions,
  ...reviewPermissions,
  ...billingPermissions,
  ...paymentPermissions,
] as const;

export type Permission = (typeof permissionCatalogue)[number]["name"];

export const permissionNames: readonly Permission[] = permissionCatalogue.map((p) => p.name);

const permissionSet: ReadonlySet<string> = new Set(permissionNames);

export function isPermission(value: string): value is Permission {
  return permissionSet.has(value);
}

/** The permissions a built-in role holds: owner and admin everything, the others as declared. */
export function builtinRolePermissions(role: BuiltinRoleKey): Permission[] {
  if (role === "owner" || role === "admin") return [...permissionNames];
  return permissionCatalogue
    .filter((p) => (p.roles as readonly string[]).includes(role))
    .map((p) => p.name);
}

/** Every (built-in role, permission) pair: what the database's grants table must hold. */
export function builtinGrants(): { roleKey: BuiltinRoleKey; permission: Permission }[] {
  return builtinRoleKeys.flatMap((roleKey) =>
    builtinRolePermissions(roleKey).map((permission) => ({ roleKey, permission })),
  );
}

/** The module part of a permission name (`people` of `people.employment.read`). */
export function permissionModule(permission: string): string {
  return permission.slice(0, permission.indexOf("."));
}
