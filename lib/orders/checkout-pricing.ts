import "server-only";
import { taxClasses } from "@/lib/commerce/catalogue-types";
import type { Tx } from "@/lib/db/types";
import { quoteDiscount } from "@/lib/selling-terms/discounts";
import { priceOrder } from "@/lib/selling-terms/pricing";
import { loadSellingTerms, type SellingTerms } from "@/lib/selling-terms/terms";
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

/** Why a checkout cannot be priced: `rateLimited` when codes are tried too often. */
export type PricingProblem = "deliveryUnavailable" | "discountInvalid" | "rateLimited";

type TaxClass = (typeof taxClasses)[number];
const asTaxClass = (value: string): TaxClass =>
  (taxClasses as readonly string[]).includes(value) ? (value as TaxClass) : "standard";

function optionsOf(terms: SellingTerms, currency: string): DeliveryOption[] {
  return [
    ...(terms.pickup.enabled
      ? [{ id: "pickup", name: "", priceMinor: 0, note: terms.pickup.note || null }]
      : []),
    ...terms.deliveryRates
      .filter((rate) => rate.currency === currency)
      .map((rate) => ({ id: rate.id, name: rate.name, priceMinor: rate.priceMinor, note: null })),
  ];
}

/** The shop's delivery options for a cart in `currency` (rates in other currencies are left out). */
export async function deliveryOptions(
  tx: Tx,
  organisationId: string,
  currency: string,
): Promise<DeliveryOption[]> {
  return optionsOf(await loadSellingTerms(tx, organisationId), currency);
}

/**
 * Prices a cart for checkout with the organisation's selling terms (lib/selling-terms: tax
 * per line, prices with or without tax, pickup or a flat rate, a discount code quoted for this
 * buyer). The same function serves the checkout page and placing the order, so the buyer is
 * charged what the page showed.
 */
export async function priceCheckout(
  tx: Tx,
  input: {
    organisationId: string;
    currency: string;
    userId: string;
    lines: PricingLine[];
    delivery: DeliveryChoice;
    discountCode: string | null;
  },
): Promise<PricedCheckout | { problem: PricingProblem }> {
  const terms = await loadSellingTerms(tx, input.organisationId);
  const options = optionsOf(terms, input.currency);
  const wanted = input.delivery.method === "pickup" ? "pickup" : input.delivery.rateId;
  const option = options.find((candidate) => candidate.id === wanted);
  if (!option) return { problem: "deliveryUnavailable" };
  const rate = terms.deliveryRates.find((candidate) => candidate.id === option.id);
  const lines = input.lines.map((line) => ({ ...line, taxClass: asTaxClass(line.taxClass) }));
  const goodsMinor = lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
  let discount: {
    codeId: string;
    code: string;
    quote: Parameters<typeof priceOrder>[0]["discount"];
  } | null = null;
  if (input.discountCode) {
    const quote = await quoteDiscount(tx, {
      organizationId: input.organisationId,
      code: input.discountCode,
      subtotalMinor: goodsMinor,
      currency: input.currency,
      userId: input.userId,
      now: new Date(),
    });
    if (!quote.ok) return { problem: "discountInvalid" };
    discount = { codeId: quote.discountCodeId, code: input.discountCode, quote: quote.discount };
  }
  const priced = priceOrder({
    lines,
    pricesIncludeTax: terms.pricesIncludeTax,
    rates: Object.fromEntries(
      Object.entries(terms.taxRates).map(([taxClass, value]) => [taxClass, value.basisPoints]),
    ),
    delivery: rate ? { priceMinor: rate.priceMinor, taxClass: rate.taxClass } : null,
    discount: discount?.quote ?? null,
  });
  return {
    pricesIncludeTax: terms.pricesIncludeTax,
    lines: priced.lines.map((line) => ({
      key: line.key,
      taxRateBasisPoints: line.rateBasisPoints,
      discountMinor: line.discountMinor,
      taxMinor: line.taxMinor,
      totalMinor: line.grossMinor,
    })),
    delivery: rate
      ? { method: "delivery", rateId: rate.id, name: rate.name, priceMinor: rate.priceMinor }
      : { method: "pickup", name: "", note: option.note, priceMinor: 0 },
    discount: discount
      ? { codeId: discount.codeId, code: discount.code, amountMinor: priced.totals.discountMinor }
      : null,
    totals: {
      subtotalMinor: priced.totals.subtotalMinor,
      discountMinor: priced.totals.discountMinor,
      deliveryMinor: priced.totals.deliveryMinor,
      taxMinor: priced.totals.taxMinor,
      totalMinor: priced.totals.totalMinor,
    },
  };
}
