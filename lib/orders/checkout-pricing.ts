import "server-only";
import type { Tx } from "@/lib/db/types";
import type { OrderDelivery } from "./order-types";

/** One line as checkout prices it. */
export interface PricingLine {
  key: string;
  unitPriceMinor: number;
  quantity: number;
  taxClass: string;
}

export interface PricedLine {
  key: string;
  taxRateBasisPoints: number;
  discountMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export interface CheckoutTotals {
  subtotalMinor: number;
  discountMinor: number;
  deliveryMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export interface PricedCheckout {
  pricesIncludeTax: boolean;
  lines: PricedLine[];
  delivery: OrderDelivery;
  discount: { codeId: string; code: string; amountMinor: number } | null;
  totals: CheckoutTotals;
}

export type DeliveryChoice = { method: "pickup" } | { method: "delivery"; rateId: string };

/** What the buyer chooses from: `pickup` (when offered) and the shop's flat rates. */
export interface DeliveryOption {
  id: "pickup" | string;
  name: string;
  priceMinor: number;
  note: string | null;
}

export async function deliveryOptions(
  _tx: Tx,
  _organisationId: string,
  _currency: string,
): Promise<DeliveryOption[]> {
  return [{ id: "pickup", name: "", priceMinor: 0, note: null }];
}

export type PricingProblem = "deliveryUnavailable" | "discountInvalid";

/**
 * Prices a cart for checkout with the organisation's selling terms. The same function serves
 * the checkout page and placing the order, so the buyer is charged what the page showed.
 */
export async function priceCheckout(
  _tx: Tx,
  input: {
    organisationId: string;
    currency: string;
    userId: string;
    lines: PricingLine[];
    delivery: DeliveryChoice;
    discountCode: string | null;
  },
): Promise<PricedCheckout | { problem: PricingProblem }> {
  if (input.delivery.method !== "pickup") return { problem: "deliveryUnavailable" };
  if (input.discountCode) return { problem: "discountInvalid" };
  const lines = input.lines.map((line) => ({
    key: line.key,
    taxRateBasisPoints: 0,
    discountMinor: 0,
    taxMinor: 0,
    totalMinor: line.unitPriceMinor * line.quantity,
  }));
  const subtotalMinor = lines.reduce((sum, line) => sum + line.totalMinor, 0);
  return {
    pricesIncludeTax: true,
    lines,
    delivery: { method: "pickup", name: "Pickup", note: null, priceMinor: 0 },
    discount: null,
    totals: {
      subtotalMinor,
      discountMinor: 0,
      deliveryMinor: 0,
      taxMinor: 0,
      totalMinor: subtotalMinor,
    },
  };
}
