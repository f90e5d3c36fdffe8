/**
 * The cache tags of public listing data (issue 10 §1, issue 11 §6). Public reads are cached
 * with these tags; a write to a listing expires them in the action that made it (`updateTag`)
 * so the change shows on the next request, on every instance (the Redis cache handler shares
 * tag revalidations).
 * - `listings:<kind>`: every public page that lists listings of the kind (landing pages,
 *   search, the hub's sections, related products);
 * - `listing:<id>`: the listing's own page.
 */
export function kindTag(kind: string): string {
  return `listings:${kind}`;
}

export function listingTag(id: string): string {
  return `listing:${id}`;
}

/** What a write to these listings expires. */
export function listingWriteTags(kind: string, ids: readonly string[]): string[] {
  return [kindTag(kind), ...ids.map(listingTag)];
}

/**
 * The running offers (/commerce/offer, the commerce section bar's "Offers"). An offer write
 * expires it with the listings' tags: the product pages and cards show the offer price.
 */
export const offersTag = "offers";

/** What a write to offers on these listings expires. */
export function offerWriteTags(listingIds: readonly string[]): string[] {
  return [offersTag, ...listingWriteTags("product", [...new Set(listingIds)])];
}
