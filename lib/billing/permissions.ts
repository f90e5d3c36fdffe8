import { definePermissions } from "@/lib/permissions/define";

/**
 * What the organisation pays the platform (docs/billing.md): saved cards, paid module tiers
 * and their charges. Owner and admin only (they hold every permission); a custom role may be
 * given them in the permission matrix.
 */
export const billingPermissions = definePermissions([
  { name: "billing.account.read", roles: [] },
  { name: "billing.account.write", roles: [] },
]);
