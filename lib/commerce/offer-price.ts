import type { OfferKind } from "./catalogue-types";

/**
 * The offer price rule (issue 12 §2, docs/commerce.md "Offers"): given a unit price in minor
 * units and the running offers of its listing, the price the shopper pays. Pure: the callers
 * (public pages, later the cart and checkout) read the running offers in one query
 * (`runningOfferPrices`, lib/commerce/offers-public.ts) and apply this per unit.
 *
 * - `percentage`: the price less `value` percent, rounded half up to the currency's minor
 *   unit (integer arithmetic: 999 at 15% → 849.15 → 849; 5 at 10% → 4.5 → 5, no offer).
 * - `fixed_price`: `value` is the price; one at or above the normal price is not an offer.
 * - The lowest price wins; a tie goes to the offer that ends first, then the smaller id, so
 *   every reader picks the same one. Never below 0. An offer that does not lower the price is
 *   not applied (null).
 */
export interface PriceRuleOffer {
  id: string;
  kind: OfferKind;
  value: number;
  endsAt: Date;
}

export interface OfferPrice {
  offerId: string;
  priceMinor: number;
  normalMinor: number;
  /** Whole percent saved, rounded down so that it never claims more than is saved. */
  percentSaved: number;
  endsAt: Date;
}

/** One offer's price for a unit price, before comparing with the normal price. */
export function priceUnder(unitPriceMinor: number, offer: PriceRuleOffer): number {
  if (offer.kind === "fixed_price") return Math.max(0, offer.value);
  const percent = Math.min(100, Math.max(0, offer.value));
  // price × (100 − p) / 100, half up: floor((n + 50) / 100) on integers.
  return Math.max(0, Math.floor((unitPriceMinor * (100 - percent) + 50) / 100));
}

export function offerPrice(
  unitPriceMinor: number,
  offers: readonly PriceRuleOffer[],
): OfferPrice | null {
  let best: { offer: PriceRuleOffer; price: number } | null = null;
  for (const offer of offers) {
    const price = priceUnder(unitPriceMinor, offer);
    if (price >= unitPriceMinor) continue;
    if (
      !best ||
      price < best.price ||
      (price === best.price &&
        (offer.endsAt.getTime() < best.offer.endsAt.getTime() ||
          (offer.endsAt.getTime() === best.offer.endsAt.getTime() && offer.id < best.offer.id)))
    ) {
      best = { offer, price };
    }
  }
  if (!best) return null;
  return {
    offerId: best.offer.id,
    priceMinor: best.price,
    normalMinor: unitPriceMinor,
    percentSaved: Math.floor(((unitPriceMinor - best.price) * 100) / unitPriceMinor),
    endsAt: best.offer.endsAt,
  };
}
