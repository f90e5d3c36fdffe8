import { definePermissions } from "@/lib/permissions/define";

/**
 * The products vertical (module `commerce`): brands and products with their variants, and
 * offers (time-limited prices on listings: whoever writes products writes offers).
 */
export const commercePermissions = definePermissions([
  { name: "commerce.product.read", roles: ["manager", "staff", "viewer"] },
  { name: "commerce.product.write", roles: ["manager", "staff"] },
  { name: "commerce.product.publish", roles: ["manager"] },
  { name: "commerce.brand.write", roles: ["manager"] },
  { name: "commerce.offer.write", roles: ["manager", "staff"] },
]);
