import { permissionCatalogue, permissionModule, type Permission } from "./catalogue";

/**
 * The permission matrix's rows: the catalogue grouped by the module part of each name, in
 * catalogue order. Labels live in the orgAdmin catalogue at `permissions.<name>` (the dotted
 * name is the message path) and `permissionGroups.<module>`; a unit test fails when a
 * catalogue permission has no label in a locale.
 */
export interface PermissionGroup {
  module: string;
  permissions: Permission[];
}

export function permissionGroups(): PermissionGroup[] {
  const groups = new Map<string, Permission[]>();
  for (const { name } of permissionCatalogue) {
    const moduleKey = permissionModule(name);
    const list = groups.get(moduleKey) ?? [];
    list.push(name);
    groups.set(moduleKey, list);
  }
  return [...groups].map(([module, permissions]) => ({ module, permissions }));
}

/** The message key of a permission's label in the orgAdmin catalogue. */
export function permissionLabelKey(permission: Permission): `permissions.${Permission}` {
  return `permissions.${permission}`;
}
