import "server-only";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { unstable_cache } from "next/cache";
import { withAnonContext } from "@/lib/db/context";
import { kindTag, offersTag } from "@/lib/listings/cache-tags";
import {
  productCardColumns,
  toProductCard,
  type ProductCard,
} from "@/lib/listings/public-products";
import { listings } from "@/lib/listings/schema";
import { offers } from "@/lib/offers/schema";
import { brands, products } from "./schema";
import { offerRunningSql } from "./offer-running";

/**
 * What visitors see of offers: the products with a running offer (/commerce/offer) and whether
 * any runs (the commerce section bar's "Offers"). Read as `anon` (RLS: running offers of
 * published listings) and cached under the `offers` and products' tags, which every offer
 * write expires, and for a minute at most: offers start and end by the clock, which no write
 * announces (docs/commerce.md, "Offers").
 */
export const OFFERS_CACHE_SECONDS = 60;

/** At most this many offers on the page, the soonest to end first. */
export const OFFERS_PAGE_LIMIT = 120;

const hasRunningOffer = sql`exists (select 1 from ${offers} where ${offers.listingId} = ${listings.id} and ${offerRunningSql})`;

/** The products with a running offer that lowers their price, soonest to end first. */
export async function readRunningOfferCards(): Promise<ProductCard[]> {
  return withAnonContext(async (tx) => {
    const rows = await tx
      .select(productCardColumns)
      .from(listings)
      .innerJoin(products, eq(products.listingId, listings.id))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(listings.kind, "product"), eq(listings.status, "published"), hasRunningOffer))
      .orderBy(
        sql`(select min(${offers.endsAt}) from ${offers} where ${offers.listingId} = ${listings.id} and ${offerRunningSql})`,
        asc(listings.id),
      )
      .limit(OFFERS_PAGE_LIMIT);
    // A running offer that does not lower the price shown (a fixed price above it) is no offer.
    return rows.map(toProductCard).filter((card) => card.offer !== null);
  });
}

async function countRunningOffers(): Promise<number> {
  return withAnonContext(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(offers).where(offerRunningSql);
    return row?.n ?? 0;
  });
}

export const cachedRunningOfferCards = unstable_cache(
  readRunningOfferCards,
  ["public-running-offers"],
  { tags: [offersTag, kindTag("product")], revalidate: OFFERS_CACHE_SECONDS },
);

export const cachedRunningOfferCount = unstable_cache(
  countRunningOffers,
  ["public-running-offer-count"],
  { tags: [offersTag, kindTag("product")], revalidate: OFFERS_CACHE_SECONDS },
);
