import { definePermissions } from "@/lib/permissions/define";

/**
 * The products vertical (module `commerce`): brands and products with their variants, and
 * offers (time-limited prices on listings: whoever writes products writes offers), the selling
 * terms (tax, pickup, delivery: managers) and discount codes (managers and staff), and the
 * orders buyers place (read; write: fulfilment and cancelling). Refunds are the `payment` module's
 * (payment.refund.write, lib/income/permissions.ts), wherever they happen.
 */
export const commercePermissions = definePermissions([
  { name: "commerce.product.read", roles: ["manager", "staff", "viewer"] },
  { name: "commerce.product.write", roles: ["manager", "staff"] },
  { name: "commerce.product.publish", roles: ["manager"] },
  { name: "commerce.brand.write", roles: ["manager"] },
  { name: "commerce.offer.write", roles: ["manager", "staff"] },
  { name: "commerce.settings.write", roles: ["manager"] },
  { name: "commerce.discount.write", roles: ["manager", "staff"] },
  { name: "commerce.order.read", roles: ["manager", "staff", "viewer"] },
  { name: "commerce.order.write", roles: ["manager", "staff"] },
]);
