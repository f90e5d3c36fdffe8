import "server-only";
import { and, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Tx } from "@/lib/db/types";
import { offers } from "@/lib/offers/schema";
import type { OfferKind } from "./catalogue-types";
import { offerPrice, type OfferPrice, type PriceRuleOffer } from "./offer-price";

/**
 * Which offers run now, in SQL, and the prices they give: for the public reads (product cards
 * and pages, /commerce/offer) and for the cart and checkout (`runningOfferPrices`). The same
 * condition is in the public RLS policy `offers_select_running` (migration 0026), which adds
 * that the listing is published.
 */
export const offerRunningSql: SQL = sql`(${offers.endedAt} is null and ${offers.startsAt} <= now()
  and ${offers.endsAt} > now()
  and (${offers.usageLimit} is null or ${offers.used} < ${offers.usageLimit}))`;

/** A running offer as the public reads carry it (JSON-safe: the end as an ISO string). */
export interface RunningOffer {
  id: string;
  kind: OfferKind;
  value: number;
  endsAt: string;
}

/**
 * The running offers of a listing as a JSON array, for a select list (one correlated subquery
 * on `offers_listing_running_idx`, no query per row).
 */
export function runningOffersJson(listingId: AnyColumn | SQL) {
  return sql<RunningOffer[] | string | null>`(select coalesce(json_agg(json_build_object(
      'id', o.id, 'kind', o.kind, 'value', o.value, 'endsAt', o.ends_at) order by o.id), '[]'::json)
    from offers o where o.listing_id = ${listingId} and o.ended_at is null
      and o.starts_at <= now() and o.ends_at > now()
      and (o.usage_limit is null or o.used < o.usage_limit))`;
}

/** Reads what `runningOffersJson` selected (a string where a driver leaves JSON as text). */
export function toRunningOffers(raw: unknown): RunningOffer[] {
  const list = typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw;
  if (!Array.isArray(list)) return [];
  return list.map((o: { id: string; kind: OfferKind; value: number | string; endsAt: string }) => ({
    id: o.id,
    kind: o.kind,
    value: Number(o.value),
    endsAt: new Date(o.endsAt).toISOString(),
  }));
}

export function asPriceRules(list: readonly RunningOffer[]): PriceRuleOffer[] {
  return list.map((o) => ({ ...o, endsAt: new Date(o.endsAt) }));
}

/** The offer price of a unit price under running offers (JSON form), or null. */
export function runningOfferPrice(
  unitPriceMinor: number | null,
  list: readonly RunningOffer[],
): OfferPrice | null {
  if (unitPriceMinor === null || list.length === 0) return null;
  return offerPrice(unitPriceMinor, asPriceRules(list));
}

export interface RunningOfferPrices {
  /** The running offers of a listing (empty when none). */
  offersOf(listingId: string): PriceRuleOffer[];
  /** The offer price of one unit of the listing at this normal price, or null when none applies. */
  priceOf(listingId: string, unitPriceMinor: number): OfferPrice | null;
}

/**
 * For the cart and checkout: the running offers of these listings in one query, in the
 * caller's transaction (RLS applies: a shopper sees the running offers of published
 * listings). Apply per line: `prices.priceOf(line.listingId, line.unitPriceMinor)`. Checkout
 * locks the chosen offer `FOR UPDATE`, checks it still runs and increments `used` by the
 * quantity in the order's transaction (a usage limit caps the units sold at the offer price).
 */
export async function runningOfferPrices(
  tx: Tx,
  listingIds: readonly string[],
): Promise<RunningOfferPrices> {
  const ids = [...new Set(listingIds)];
  const rows = ids.length
    ? await tx
        .select({
          id: offers.id,
          listingId: offers.listingId,
          kind: offers.kind,
          value: offers.value,
          endsAt: offers.endsAt,
        })
        .from(offers)
        .where(and(inArray(offers.listingId, ids), offerRunningSql))
    : [];
  const byListing = new Map<string, PriceRuleOffer[]>();
  for (const { listingId, ...offer } of rows) {
    const list = byListing.get(listingId) ?? [];
    list.push(offer);
    byListing.set(listingId, list);
  }
  return {
    offersOf: (listingId) => byListing.get(listingId) ?? [],
    priceOf: (listingId, unitPriceMinor) =>
      offerPrice(unitPriceMinor, byListing.get(listingId) ?? []),
  };
}
