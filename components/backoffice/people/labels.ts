import type { BuiltinRoleKey } from "@/lib/permissions/define";
import type { EmploymentStatus, InvitationStatus } from "@/lib/organisations/schema";

/**
 * A role's display name: built-in roles from the catalogue, custom roles as named. Takes a
 * role (`builtinKey`, `name`) or a row that names one (`roleKey`, `roleName`): a member's or an
 * invitation's row also has a `name` of its own (the person's), which is never the role's.
 */
export function roleName(
  roleNames: (key: BuiltinRoleKey) => string,
  role:
    | { builtinKey: BuiltinRoleKey | null; name: string }
    | { roleKey: BuiltinRoleKey | null; roleName: string },
): string {
  if ("roleName" in role) return role.roleKey ? roleNames(role.roleKey) : role.roleName;
  return role.builtinKey ? roleNames(role.builtinKey) : role.name;
}

export const employmentBadge: Record<
  EmploymentStatus,
  "primary" | "neutral" | "danger" | "outline"
> = {
  active: "primary",
  invited: "outline",
  suspended: "danger",
  ended: "neutral",
};

export const invitationBadge: Record<
  InvitationStatus,
  "primary" | "neutral" | "danger" | "outline"
> = {
  pending: "primary",
  accepted: "neutral",
  declined: "outline",
  revoked: "outline",
  expired: "danger",
};
