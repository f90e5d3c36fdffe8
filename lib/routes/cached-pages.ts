import { productCategories } from "@/lib/commerce/catalogue-types";

/**
 * Public pages cached at run time (issue 11 §6): their HTML is rendered on the first visit,
 * kept in Next's cache (ISR; in Redis when it is set) and rendered again after a write expires
 * their tags (lib/listings/cache-tags.ts). Nothing is rendered at build time: the build opens
 * no database. A page with a query the cache does not key on (the landing page's filters, sort
 * and page) is rendered per request by its own route instead.
 *
 * - `/commerce` → `commerce/cached/index`
 * - `/commerce/offer` → `commerce/cached/offers` (its data lives a minute: offers start and end
 *   by the clock; docs/commerce.md, "Offers")
 * - `/commerce/product` without a query → `commerce/cached/products`
 * - `/commerce/product?category=<category>` and nothing else → `commerce/cached/<category>`
 * - `/commerce/product/<id>` → itself (the page's own segment is the cache key)
 *
 * `cachedPage` answers the path under `/{locale}` to serve, or null for a page rendered per
 * request. The internal `commerce/cached/…` paths have no public address: asked for directly,
 * they are sent to a path that matches no page (404), so each page keeps one URL.
 */
export const CACHED_VIEW_PREFIX = "/commerce/cached/";
const UNROUTABLE = "/commerce/cached-pages-have-no-public-address";
const productPage =
  /^\/commerce\/product\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CachedPage = { pathname: string } | { refused: true; pathname: string };

export function cachedPage(pathname: string, search: URLSearchParams): CachedPage | null {
  if (pathname.startsWith(CACHED_VIEW_PREFIX) || pathname === CACHED_VIEW_PREFIX.slice(0, -1)) {
    return { refused: true, pathname: UNROUTABLE };
  }
  if (pathname === "/commerce") return { pathname: `${CACHED_VIEW_PREFIX}index` };
  if (pathname === "/commerce/offer") return { pathname: `${CACHED_VIEW_PREFIX}offers` };
  if (pathname === "/commerce/product") {
    const keys = [...search.keys()];
    if (keys.length === 0) return { pathname: `${CACHED_VIEW_PREFIX}products` };
    const category = search.get("category") ?? "";
    if (
      keys.length === 1 &&
      keys[0] === "category" &&
      (productCategories as readonly string[]).includes(category)
    ) {
      return { pathname: `${CACHED_VIEW_PREFIX}${category}` };
    }
    return null;
  }
  if (productPage.test(pathname)) return { pathname };
  return null;
}

/** The views of `commerce/cached/[view]`: the commerce index, offers, all products, one category. */
export const cachedCommerceViews = ["index", "offers", "products", ...productCategories] as const;
export type CachedCommerceView = (typeof cachedCommerceViews)[number];

export function isCachedCommerceView(view: string): view is CachedCommerceView {
  return (cachedCommerceViews as readonly string[]).includes(view);
}
