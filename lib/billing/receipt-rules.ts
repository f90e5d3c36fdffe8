import type { OrderRefundStatus } from "@/lib/orders/order-types";

/**
 * A buyer's receipt in figures (docs/billing.md "Payments made"): what was paid, what came
 * back (succeeded refunds), what is on its way back (requested or pending at the provider),
 * and what the buyer has paid in the end. Failed and cancelled refunds count for nothing.
 */
export interface ReceiptTotals {
  paidMinor: number;
  refundedMinor: number;
  refundingMinor: number;
  netMinor: number;
}

export function receiptTotals(
  totalMinor: number,
  refunds: readonly { amountMinor: number; status: OrderRefundStatus }[],
): ReceiptTotals {
  let refundedMinor = 0;
  let refundingMinor = 0;
  for (const refund of refunds) {
    if (refund.status === "succeeded") refundedMinor += refund.amountMinor;
    else if (refund.status === "requested" || refund.status === "pending") {
      refundingMinor += refund.amountMinor;
    }
  }
  refundedMinor = Math.min(refundedMinor, totalMinor);
  refundingMinor = Math.min(refundingMinor, totalMinor - refundedMinor);
  return {
    paidMinor: totalMinor,
    refundedMinor,
    refundingMinor,
    netMinor: totalMinor - refundedMinor,
  };
}
