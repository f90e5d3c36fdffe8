import type { ListingKind } from "@/lib/commerce/catalogue-types";

/**
 * The public page of a listing by kind (lib/routes/manifest.ts, "Commerce (public)"), or null
 * for a kind whose route has no page of its own (venues and offers are browsed in their
 * section): search and later cross-kind lists link through this.
 */
const detailPaths: Record<ListingKind, ((id: string) => string) | null> = {
  product: (id) => `/commerce/product/${id}`,
  event: (id) => `/commerce/event/${id}`,
  service: (id) => `/commerce/service/${id}`,
  serviceProvider: (id) => `/commerce/serviceProvider/${id}`,
  restaurant: (id) => `/commerce/restaurant/${id}`,
  venue: null,
  offer: null,
};

export function listingPath(kind: ListingKind, id: string): string | null {
  return detailPaths[kind]?.(id) ?? null;
}
