/**
 * What a listing needs before it can go live (issue 11 §2, "publish checks"): the back
 * office shows the list on the listing's page, and the publish command refuses while any is
 * missing. Shared by every kind; a kind adds its own checks (products: a price).
 */
export const publishCheckNames = ["title", "summary", "description", "price"] as const;
export type PublishCheck = (typeof publishCheckNames)[number];

export interface PublishCheckInput {
  title: string;
  summary: string;
  description: string;
  /** The lowest price of what it sells; null when nothing has a price. */
  priceFromMinor: number | null;
}

/** The checks that fail, in the order the back office lists them; empty = ready. */
export function missingForPublish(listing: PublishCheckInput): PublishCheck[] {
  const missing: PublishCheck[] = [];
  if (listing.title.trim().length === 0) missing.push("title");
  if (listing.summary.trim().length < 10) missing.push("summary");
  if (listing.description.trim().length < 30) missing.push("description");
  if (listing.priceFromMinor === null) missing.push("price");
  return missing;
}
