import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { unstable_cache } from "next/cache";
import { brands, products } from "@/lib/commerce/schema";
import { withAnonContext } from "@/lib/db/context";
import { kindTag } from "./cache-tags";
import { productCardColumns, toProductCard, type ProductCard } from "./public-products";
import { listings } from "./schema";

/**
 * The hub's sections (issue 11 §3): the newest and the best rated published products, and
 * those within 50 km of a point. Read as `anon` (RLS: published listings only) and cached
 * under the products' tag, like the other public reads (public-products.ts).
 */
export interface Highlights {
  newest: ProductCard[];
  topRated: ProductCard[];
  near?: ProductCard[];
}

export const HIGHLIGHTS_SIZE = 8;
export const NEAR_RADIUS_KM = 50;
const CACHE_SECONDS = 3600;
const EARTH_RADIUS_KM = 6371.0088;

const published = and(eq(listings.kind, "product"), eq(listings.status, "published"));

const averageRating = sql`case when ${listings.ratingCount} = 0 then 0 else ${listings.ratingSum}::float / ${listings.ratingCount} end`;

async function readHighlightLists(): Promise<Omit<Highlights, "near">> {
  return withAnonContext(async (tx) => {
    const base = () =>
      tx
        .select(productCardColumns)
        .from(listings)
        .innerJoin(products, eq(products.listingId, listings.id))
        .leftJoin(brands, eq(brands.id, products.brandId));
    const [newest, topRated] = await Promise.all([
      base()
        .where(published)
        .orderBy(desc(listings.publishedAt), asc(listings.id))
        .limit(HIGHLIGHTS_SIZE),
      base()
        .where(and(published, sql`${listings.ratingCount} > 0`))
        .orderBy(desc(averageRating), desc(listings.ratingCount), asc(listings.id))
        .limit(HIGHLIGHTS_SIZE),
    ]);
    return { newest: newest.map(toProductCard), topRated: topRated.map(toProductCard) };
  });
}

async function readNearProducts(lat: number, lng: number): Promise<ProductCard[]> {
  // Haversine in SQL; a latitude band first narrows the rows (1° of latitude ≈ 111 km).
  const distance = sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
      power(sin(radians(${listings.latitude} - ${lat}::float8) / 2), 2)
      + cos(radians(${lat}::float8)) * cos(radians(${listings.latitude}))
        * power(sin(radians(${listings.longitude} - ${lng}::float8) / 2), 2)))))`;
  const band = NEAR_RADIUS_KM / 111 + 0.01;
  return withAnonContext(async (tx) => {
    const rows = await tx
      .select(productCardColumns)
      .from(listings)
      .innerJoin(products, eq(products.listingId, listings.id))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(
        and(
          published,
          sql`${listings.latitude} is not null and ${listings.longitude} is not null`,
          sql`${listings.latitude} between ${lat - band}::float8 and ${lat + band}::float8`,
          sql`${distance} <= ${NEAR_RADIUS_KM}::float8`,
        ),
      )
      .orderBy(distance, asc(listings.id))
      .limit(HIGHLIGHTS_SIZE);
    return rows.map(toProductCard);
  });
}

const cachedHighlightLists = unstable_cache(readHighlightLists, ["public-highlights"], {
  tags: [kindTag("product")],
  revalidate: CACHE_SECONDS,
});

const cachedNearProducts = unstable_cache(readNearProducts, ["public-highlights-near"], {
  tags: [kindTag("product")],
  revalidate: CACHE_SECONDS,
});

/** The hub's sections; `near` only for a point (already rounded: it is part of the cache key). */
export async function getHighlights(
  near: { lat: number; lng: number } | null,
): Promise<Highlights> {
  const [lists, nearby] = await Promise.all([
    cachedHighlightLists(),
    near ? cachedNearProducts(near.lat, near.lng) : null,
  ]);
  return nearby ? { ...lists, near: nearby } : lists;
}
