import { z } from "zod";
import { isPermission, type Permission } from "@/lib/permissions/catalogue";
import { textRule } from "@/lib/validation/text";
import { versionSchema } from "@/lib/validation/version";

/**
 * The role forms' schemas (create, edit, delete, the permission matrix's save), shared by
 * the browser and the server action. Messages come from the spec §5 error map.
 */
export const roleLimits = {
  name: { min: 2, max: 60 },
  description: { max: 300 },
} as const;

const roleName = z
  .string()
  .trim()
  .check(textRule())
  .min(1)
  .min(roleLimits.name.min)
  .max(roleLimits.name.max);
const roleDescription = z
  .string()
  .trim()
  .check(textRule({ multiline: true }))
  .max(roleLimits.description.max);
const roleId = z.uuid();
const version = versionSchema;

export const createRoleSchema = z.object({
  name: roleName,
  description: roleDescription.default(""),
});
export type CreateRoleInput = z.input<typeof createRoleSchema>;

export const updateRoleSchema = z.object({
  roleId,
  version,
  name: roleName,
  description: roleDescription.default(""),
});
export type UpdateRoleInput = z.input<typeof updateRoleSchema>;

export const deleteRoleSchema = z.object({ roleId });

/** A form's checkboxes: absent (none ticked), one value, or several. */
function asList(value: unknown): unknown {
  if (value === undefined || value === null || value === "" || value === false) return [];
  return Array.isArray(value) ? value : [value];
}

export const rolePermissionsSchema = z.object({
  roleId,
  version,
  permissions: z.preprocess(
    asList,
    z
      .array(z.string().refine(isPermission))
      .transform((list) => [...new Set(list)].sort() as Permission[]),
  ),
});
export type RolePermissionsInput = z.input<typeof rolePermissionsSchema>;
