import type { FulfilmentStatus, OrderPaymentStatus, OrderStatus } from "./order-types";

/**
 * The order's rules, pure (unit-tested): which fulfilment step may follow which, who may
 * cancel when, and how much can still be refunded.
 */
interface OrderState {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  delivery: { method: "pickup" | "delivery" };
}

/** Fulfilment moves forward only, on confirmed orders: pickup via `ready`, delivery via `shipped`. */
export function nextFulfilmentSteps(order: OrderState): FulfilmentStatus[] {
  if (order.status !== "confirmed") return [];
  const last: FulfilmentStatus = order.delivery.method === "pickup" ? "ready" : "shipped";
  switch (order.fulfilmentStatus) {
    case "unfulfilled":
      return ["preparing", last];
    case "preparing":
      return [last];
    case "ready":
    case "shipped":
      return ["delivered"];
    default:
      return [];
  }
}

/**
 * A buyer cancels an unpaid pending order, or a confirmed one nothing has been done with yet
 * (its payment goes back in full). A seller cancels a confirmed order until it has shipped or
 * been handed over.
 */
export function canCancel(order: OrderState, by: "buyer" | "seller"): boolean {
  // An unpaid order is the buyer's to drop; for the seller it simply expires with its hold.
  if (order.status === "pending") return by === "buyer";
  if (order.status !== "confirmed") return false;
  if (by === "buyer") return order.fulfilmentStatus === "unfulfilled";
  return order.fulfilmentStatus === "unfulfilled" || order.fulfilmentStatus === "preparing";
}

/**
 * What can still be refunded: what was paid, less what has been refunded or is on its way
 * (requested or pending refunds).
 */
export function refundableMinor(
  order: { paymentStatus: OrderPaymentStatus; totalMinor: number },
  refunds: { amountMinor: number; status: string }[],
): number {
  if (!["paid", "partially_refunded"].includes(order.paymentStatus)) return 0;
  const taken = refunds
    .filter((refund) => ["requested", "pending", "succeeded"].includes(refund.status))
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
  return Math.max(0, order.totalMinor - taken);
}

/**
 * Whether a refund may put the order's units back in stock: the order took them (confirmed,
 * or completed after delivery; a cancelled one gave them back already, a pending or expired
 * one never took them) and no refund of it put them back before. Once per order.
 */
export function canRestock(
  order: { status: OrderStatus },
  refunds: { restock: boolean }[],
): boolean {
  return (
    (order.status === "confirmed" || order.status === "completed") &&
    !refunds.some((refund) => refund.restock)
  );
}
