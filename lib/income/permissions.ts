import { definePermissions } from "@/lib/permissions/define";

/**
 * The organisation's money (module `payment`, docs/income.md): what buyers paid it, the
 * platform's fee, refunds, its balance and payouts. Managers read the income and refund
 * (they run the shop's orders); payouts and the payout account are the owner's and admin's.
 */
export const paymentPermissions = definePermissions([
  { name: "payment.charge.read", roles: ["manager"] },
  { name: "payment.refund.write", roles: ["manager"] },
  { name: "payment.payout.write", roles: [] },
]);
