import "server-only";
import type { Tx } from "@/lib/db/types";
import { builtinRoleKeys, type BuiltinRoleKey } from "@/lib/permissions/define";
import { roles } from "./schema";

/** Creates the five built-in roles of a new organisation; returns their ids by key. */
export async function createBuiltinRoles(
  tx: Tx,
  organisationId: string,
): Promise<Record<BuiltinRoleKey, string>> {
  const rows = await tx
    .insert(roles)
    .values(builtinRoleKeys.map((key) => ({ organisationId, builtinKey: key, name: key })))
    .returning({ id: roles.id, key: roles.builtinKey });
  const ids = {} as Record<BuiltinRoleKey, string>;
  for (const row of rows) if (row.key) ids[row.key] = row.id;
  return ids;
}
