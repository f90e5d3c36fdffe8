import "server-only";
import { unstable_cache } from "next/cache";
import { listingKinds, type ListingKind } from "@/lib/commerce/catalogue-types";
import { withAnonContext } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { searchSuggestions } from "./did-you-mean";
import { kindTag } from "./cache-tags";
import { type CoverRow, type ProductCard, toCover } from "./public-products";
import { hasSearchCriteria, SEARCH_PAGE_SIZE, type ListingSearchState } from "./search-params";
import {
  listingSearchStatement,
  priceBands,
  ratingSteps,
  suggestionStatement,
} from "./search-query";

/**
 * Search across every kind of listing (issue 11 §3; docs/search.md): words (full text in
 * English and Spanish, typo-tolerant), facets, "near me", "did you mean". Runs as `anon` (RLS:
 * published listings only) and is cached per state under every kind's tag, so a write to any
 * listing expires it. Cached values are JSON: dates travel as ISO strings.
 */

/** A result: the product card's shape with its kind, any category, and the distance near me. */
export type SearchResultCard = Omit<ProductCard, "category"> & {
  kind: ListingKind;
  category: string;
  /** Kilometres from the "near me" point; null without one. */
  distanceKm: number | null;
};

export interface SearchFacets {
  kinds: { value: ListingKind; count: number }[];
  categories: { value: string; count: number }[];
  /** In major units of each listing's currency; `max` null = and above. */
  prices: { min: number; max: number | null; count: number }[];
  /** Listings rated at least `stars` on average. */
  ratings: { stars: number; count: number }[];
}

export interface ListingSearchResult {
  items: SearchResultCard[];
  total: number;
  page: number;
  pages: number;
  facets: SearchFacets;
  /** How many listings the words matched before the filters and the place (0: suggestions). */
  matched: number;
  /** What the words were corrected to when they matched nothing as typed ("iphnoe" → "iphone"). */
  correctedQuery: string | null;
  /** The words matched only by similarity (no exact or corrected word): "close matches". */
  approximate: boolean;
  /** When the words matched nothing at all: close queries and titles to offer instead. */
  suggestions: string[];
}

const CACHE_SECONDS = 600;

type Row = {
  matched: number;
  exact: number;
  corrected: string | null;
  total: number;
  items: (Omit<SearchResultCard, "publishedAt" | "ratingAverage" | "compareAtMinor" | "cover"> & {
    cover: CoverRow | null;
    ratingSum: number;
    publishedAt: string | null;
    compareAtMinor: number | string | null;
    priceFromMinor: number | string | null;
  })[];
  kinds: [string, number][];
  categories: [string, number][];
  prices: number[];
  ratings: number[];
};

const emptyFacets: SearchFacets = { kinds: [], categories: [], prices: [], ratings: [] };

function toCard(item: Row["items"][number]): SearchResultCard {
  const { ratingSum, ...rest } = item;
  return {
    ...rest,
    priceFromMinor: item.priceFromMinor === null ? null : Number(item.priceFromMinor),
    compareAtMinor: item.compareAtMinor === null ? null : Number(item.compareAtMinor),
    hasRange: Boolean(item.hasRange),
    ratingAverage: item.ratingCount > 0 ? ratingSum / item.ratingCount : null,
    publishedAt: new Date(item.publishedAt ?? 0).toISOString(),
    distanceKm: item.distanceKm === null ? null : Number(item.distanceKm),
    cover: toCover(item.cover),
  };
}

function toFacets(row: Row): SearchFacets {
  return {
    kinds: row.kinds
      .filter(([kind]) => (listingKinds as readonly string[]).includes(kind))
      .map(([value, count]) => ({ value: value as ListingKind, count })),
    categories: row.categories.map(([value, count]) => ({ value, count })),
    prices: priceBands.map((band, i) => ({ ...band, count: row.prices[i] ?? 0 })),
    ratings: ratingSteps.map((stars, i) => ({ stars, count: row.ratings[i] ?? 0 })),
  };
}

export async function searchListings(state: ListingSearchState): Promise<ListingSearchResult> {
  if (!hasSearchCriteria(state)) {
    return {
      items: [],
      total: 0,
      page: 1,
      pages: 1,
      facets: emptyFacets,
      matched: 0,
      correctedQuery: null,
      approximate: false,
      suggestions: [],
    };
  }
  return withAnonContext(async (tx) => {
    let [row] = await queryRows<Row>(tx, listingSearchStatement(state));
    if (!row) throw new Error("search: no answer");
    const pages = Math.max(1, Math.ceil(row.total / SEARCH_PAGE_SIZE));
    // A page past the end (a stale link) shows the last page instead.
    if (state.page > pages && row.total > 0) {
      [row] = await queryRows<Row>(tx, listingSearchStatement(state, pages));
      if (!row) throw new Error("search: no answer");
    }
    let suggestions: string[] = [];
    if (state.q && row.matched === 0) {
      const [close] = await queryRows<{ corrected: string | null; titles: string[] }>(
        tx,
        suggestionStatement(state.q),
      );
      suggestions = searchSuggestions(state.q, close?.corrected ?? null, close?.titles ?? []);
    }
    return {
      items: row.items.map(toCard),
      total: row.total,
      page: Math.min(state.page, pages),
      pages,
      facets: toFacets(row),
      matched: row.matched,
      correctedQuery: row.corrected,
      approximate: row.matched > 0 && row.exact === 0 && row.corrected === null,
      suggestions,
    };
  });
}

/** `searchListings` cached per state; any listing write (`listings:<kind>`) expires it. */
export const cachedSearchListings = unstable_cache(searchListings, ["listing-search"], {
  tags: listingKinds.map(kindTag),
  revalidate: CACHE_SECONDS,
});
