/**
 * The order's vocabulary (domain.md "Buying and booking"): three separate states and the
 * kinds of its timeline. Shared by the schema, the server and the pages.
 */
export const orderStatuses = ["pending", "confirmed", "completed", "cancelled", "expired"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = [
  "unpaid",
  "authorized",
  "paid",
  "partially_refunded",
  "refunded",
  "failed",
] as const;
export type OrderPaymentStatus = (typeof paymentStatuses)[number];

export const fulfilmentStatuses = [
  "unfulfilled",
  "preparing",
  "ready",
  "shipped",
  "delivered",
] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

export const orderEventKinds = [
  "placed",
  "payment_started",
  "payment_requires_action",
  "payment_failed",
  "paid",
  "confirmed",
  "expired",
  "cancelled",
  "restocked",
  "auto_refunded",
  "preparing",
  "ready",
  "shipped",
  "delivered",
  "completed",
  "refund_requested",
  "refunded",
  "refund_failed",
] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];

export interface OrderContact {
  name: string;
  email: string;
  phone: string | null;
}

/** A copy of the address book entry chosen at checkout. */
export interface OrderAddress {
  recipient: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  country: string;
  phone: string | null;
}

export type OrderDelivery =
  | { method: "pickup"; name: string; note: string | null; priceMinor: 0 }
  | { method: "delivery"; rateId: string; name: string; priceMinor: number };

export const refundStatuses = ["requested", "pending", "succeeded", "failed", "cancelled"] as const;
export type OrderRefundStatus = (typeof refundStatuses)[number];

/** Why money went back: the buyer's request, the seller's decision, or stock gone after payment. */
export const refundReasons = [
  "requested_by_customer",
  "cancelled",
  "damaged",
  "not_delivered",
  "other",
  "stock_unavailable",
] as const;
export type OrderRefundReason = (typeof refundReasons)[number];

export const orderTaskKinds = ["cancel_payment", "mail"] as const;
export type OrderTaskKind = (typeof orderTaskKinds)[number];

/** The order emails (issue 12 §3). */
export const orderMailKinds = ["confirmed", "shipped", "refunded"] as const;
export type OrderMailKind = (typeof orderMailKinds)[number];
