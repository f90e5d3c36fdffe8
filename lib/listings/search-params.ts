import { listingKinds, type ListingKind } from "@/lib/commerce/catalogue-types";
import { searchText } from "@/lib/validation/url-values";

/**
 * The URL state of the search page (`/search?q=…&kind=…&category=…&min=…&max=…&rating=…
 * &lat=…&lng=…&r=…&sort=…&page=…`), shared by the page, its links and the data layer. The
 * form is a plain GET form, so every state is a shareable link and the back button works.
 * Anything malformed is dropped, never an error: a stale or hand-edited link still shows a
 * page.
 */
export const searchSorts = [
  "relevance",
  "distance",
  "price-asc",
  "price-desc",
  "rating",
  "newest",
] as const;
export type SearchSort = (typeof searchSorts)[number];

/** The radii offered for "near me", in kilometres; the first link uses the default. */
export const searchRadiiKm = [5, 10, 25, 50, 100, 250] as const;
export const DEFAULT_RADIUS_KM = 25;

export const SEARCH_PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 200;
const MAX_PAGE = 200;
/** Coordinates are kept to 3 decimals (about 100 m): enough for "near me", kinder to privacy and to the cache. */
const COORDINATE_DECIMALS = 3;

export interface NearPoint {
  lat: number;
  lng: number;
  radiusKm: number;
}

export interface ListingSearchState {
  /** What the visitor typed, trimmed, spaces collapsed; "" for none. */
  q: string;
  kind: ListingKind | null;
  /** A category id as listings store it (`electronics`, `car-rental`, `plumbing` …). */
  category: string | null;
  /** Price bounds in major units of the listing's currency (whole numbers). */
  min: number | null;
  max: number | null;
  /** Lowest average rating, 1–4. */
  rating: number | null;
  near: NearPoint | null;
  sort: SearchSort;
  page: number;
}

type RawParams = Record<string, string | string[] | undefined>;

function first(params: RawParams, key: string): string | undefined {
  const value = params[key];
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

function wholeNumber(text: string | undefined, max: number): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

function coordinate(text: string | undefined, limit: number): number | null {
  if (!text || !/^-?\d{1,3}(\.\d{1,12})?$/.test(text)) return null;
  const n = Number(text);
  if (!Number.isFinite(n) || Math.abs(n) > limit) return null;
  const scale = 10 ** COORDINATE_DECIMALS;
  return Math.round(n * scale) / scale + 0; // + 0 turns -0 into 0
}

/** The query as searched: control characters out, whitespace collapsed, at most 200 characters. */
export function normaliseQuery(text: string | undefined): string {
  return searchText(text, MAX_QUERY_LENGTH);
}

/** The sort a state gets when the URL names none: distance near me, relevance for words, else newest. */
export function defaultSort(state: Pick<ListingSearchState, "q" | "near">): SearchSort {
  if (state.near) return "distance";
  return state.q ? "relevance" : "newest";
}

export function parseListingSearch(params: RawParams): ListingSearchState {
  const q = normaliseQuery(first(params, "q"));
  const kind = first(params, "kind");
  const category = first(params, "category");
  const rating = wholeNumber(first(params, "rating"), 4);
  const min = wholeNumber(first(params, "min"), 99_999_999);
  const max = wholeNumber(first(params, "max"), 99_999_999);
  const lat = coordinate(first(params, "lat"), 90);
  const lng = coordinate(first(params, "lng"), 180);
  const radius = wholeNumber(first(params, "r"), 1_000);
  const near =
    lat !== null && lng !== null
      ? {
          lat,
          lng,
          radiusKm: (searchRadiiKm as readonly number[]).includes(radius ?? -1)
            ? (radius as number)
            : DEFAULT_RADIUS_KM,
        }
      : null;
  const sortText = first(params, "sort");
  let sort: SearchSort = (searchSorts as readonly string[]).includes(sortText ?? "")
    ? (sortText as SearchSort)
    : defaultSort({ q, near });
  if (sort === "distance" && !near) sort = defaultSort({ q, near });
  if (sort === "relevance" && !q) sort = defaultSort({ q, near });
  return {
    q,
    kind: (listingKinds as readonly string[]).includes(kind ?? "") ? (kind as ListingKind) : null,
    category:
      category && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(category) && category.length <= 40
        ? category
        : null,
    min,
    max: max !== null && min !== null && max < min ? null : max,
    rating: rating !== null && rating >= 1 ? rating : null,
    near,
    sort,
    page: Math.min(Math.max(wholeNumber(first(params, "page"), 999_999_999) ?? 1, 1), MAX_PAGE),
  };
}

/** Whether the state asks for anything (words, a filter or a place); an empty state runs no query. */
export function hasSearchCriteria(state: ListingSearchState): boolean {
  return (
    state.q !== "" ||
    state.kind !== null ||
    state.category !== null ||
    state.min !== null ||
    state.max !== null ||
    state.rating !== null ||
    state.near !== null
  );
}

/** The query string of a state (without `?`), defaults left out; for links. */
export function listingSearchQuery(state: Partial<ListingSearchState>): string {
  const query = new URLSearchParams();
  if (state.q) query.set("q", state.q);
  if (state.kind) query.set("kind", state.kind);
  if (state.category) query.set("category", state.category);
  if (state.min !== null && state.min !== undefined) query.set("min", String(state.min));
  if (state.max !== null && state.max !== undefined) query.set("max", String(state.max));
  if (state.rating) query.set("rating", String(state.rating));
  if (state.near) {
    query.set("lat", String(state.near.lat));
    query.set("lng", String(state.near.lng));
    if (state.near.radiusKm !== DEFAULT_RADIUS_KM) query.set("r", String(state.near.radiusKm));
  }
  if (state.sort && state.sort !== defaultSort({ q: state.q ?? "", near: state.near ?? null })) {
    query.set("sort", state.sort);
  }
  if (state.page && state.page > 1) query.set("page", String(state.page));
  return query.toString();
}

/** The search page's URL for a state. */
export function searchHref(state: Partial<ListingSearchState>): string {
  const query = listingSearchQuery(state);
  return query ? `/search?${query}` : "/search";
}
