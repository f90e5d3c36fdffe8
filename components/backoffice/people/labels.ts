import type { BuiltinRoleKey } from "@/lib/permissions/define";
import type { EmploymentStatus, InvitationStatus } from "@/lib/organisations/schema";

/** A role's display name: built-in roles from the catalogue, custom roles as named. */
export function roleName(
  roleNames: (key: BuiltinRoleKey) => string,
  role: {
    builtinKey?: BuiltinRoleKey | null;
    roleKey?: BuiltinRoleKey | null;
    name?: string;
    roleName?: string;
  },
): string {
  const key = role.builtinKey ?? role.roleKey ?? null;
  return key ? roleNames(key) : (role.name ?? role.roleName ?? "");
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
