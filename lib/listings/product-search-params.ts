import { productCategories, type ProductCategory } from "@/lib/commerce/catalogue-types";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The URL state of the public product pages (`/commerce/product?category=…`): every filter,
 * the sort and the page live in the URL, so a result is shareable and the back button works,
 * and the filter form is a plain GET form (no JavaScript needed). Repeated keys
 * (`brand=…&brand=…`, `attr=Colour:Red&attr=…`) are lists. Anything malformed is dropped,
 * never an error: a stale or hand-edited link still shows a page.
 */
export const productSorts = ["relevance", "price-asc", "price-desc", "newest", "rating"] as const;
export type ProductSortKey = (typeof productSorts)[number];

export const PUBLIC_PAGE_SIZE = 24;
const MAX_PAGE = 500;
const MAX_LIST = 20;

export interface ProductSearchState {
  category: ProductCategory | null;
  brands: string[];
  /** Price bounds in major units of the listing's currency (whole numbers). */
  min: number | null;
  max: number | null;
  /** Lowest average rating, 1–4. */
  rating: number | null;
  inStock: boolean;
  /** Attribute filters: `name:value`. */
  attrs: { name: string; value: string }[];
  sort: ProductSortKey;
  page: number;
}

type RawParams = Record<string, string | string[] | undefined>;

function all(params: RawParams, key: string): string[] {
  const value = params[key];
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

function first(params: RawParams, key: string): string | undefined {
  const value = params[key];
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

function wholeNumber(text: string | undefined, max: number): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

export function parseProductSearch(params: RawParams): ProductSearchState {
  const category = first(params, "category");
  const sort = first(params, "sort");
  const attrValues = params.attr === undefined ? [] : [params.attr].flat();
  const attrs = attrValues
    .map((entry) => {
      const colon = entry.indexOf(":");
      if (colon <= 0) return null;
      const name = entry.slice(0, colon).trim();
      const value = entry.slice(colon + 1).trim();
      // Control characters (a NUL would make PostgreSQL refuse the query) are not a filter.
      const clean = !/\p{Cc}/u.test(name + value);
      return clean && name && value && name.length <= 60 && value.length <= 100
        ? { name, value }
        : null;
    })
    .filter((a): a is { name: string; value: string } => a !== null)
    .slice(0, 10);
  const rating = wholeNumber(first(params, "rating"), 4);
  const min = wholeNumber(first(params, "min"), 99_999_999);
  const max = wholeNumber(first(params, "max"), 99_999_999);
  return {
    category: (productCategories as readonly string[]).includes(category ?? "")
      ? (category as ProductCategory)
      : null,
    brands: [...new Set(all(params, "brand").filter((id) => isUuid(id)))]
      .map((id) => id.toLowerCase())
      .slice(0, MAX_LIST),
    min,
    max: max !== null && min !== null && max < min ? null : max,
    rating: rating !== null && rating >= 1 ? rating : null,
    inStock: first(params, "stock") === "1",
    attrs,
    sort: (productSorts as readonly string[]).includes(sort ?? "")
      ? (sort as ProductSortKey)
      : "relevance",
    page: Math.min(Math.max(wholeNumber(first(params, "page"), 999_999_999) ?? 1, 1), MAX_PAGE),
  };
}

/** The query string of a state (without `?`), defaults left out; for links and canonical URLs. */
export function productSearchQuery(state: Partial<ProductSearchState>): string {
  const query = new URLSearchParams();
  if (state.category) query.set("category", state.category);
  for (const brand of state.brands ?? []) query.append("brand", brand);
  if (state.min !== null && state.min !== undefined) query.set("min", String(state.min));
  if (state.max !== null && state.max !== undefined) query.set("max", String(state.max));
  if (state.rating) query.set("rating", String(state.rating));
  if (state.inStock) query.set("stock", "1");
  for (const { name, value } of state.attrs ?? []) query.append("attr", `${name}:${value}`);
  if (state.sort && state.sort !== "relevance") query.set("sort", state.sort);
  if (state.page && state.page > 1) query.set("page", String(state.page));
  return query.toString();
}
