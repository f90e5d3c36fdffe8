/**
 * How a module declares its permissions (`module.resource.action`), once, in its own
 * `lib/<module>/permissions.ts`. `roles` lists the built-in roles below admin that hold it by
 * default: owner and admin hold every permission. Custom roles get what the organisation
 * ticks in the permission matrix.
 */
export const builtinRoleKeys = ["owner", "admin", "manager", "staff", "viewer"] as const;
export type BuiltinRoleKey = (typeof builtinRoleKeys)[number];

export type DelegableRoleKey = Exclude<BuiltinRoleKey, "owner" | "admin">;

export interface PermissionDeclaration<Name extends string = string> {
  readonly name: Name;
  readonly roles: readonly DelegableRoleKey[];
}

const PERMISSION_NAME = /^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/;

export function definePermissions<const Name extends string>(
  declarations: readonly PermissionDeclaration<Name>[],
): readonly PermissionDeclaration<Name>[] {
  for (const declaration of declarations) {
    if (!PERMISSION_NAME.test(declaration.name)) {
      throw new Error(`Permission "${declaration.name}" is not module.resource.action.`);
    }
  }
  return declarations;
}
