/**
 * What `GET /api/listings/{listingId}/own-review` answers (app/api/listings/[listingId]/
 * own-review/route.ts), shared with the product page's island (components/storefront/
 * own-review.tsx). No server code: the island imports it.
 */
export interface OwnReviewAnswer {
  /** A signed-in, non-anonymous user: only they can write reviews. */
  signedIn: boolean;
  /** Their review of the listing, whatever its status, or null. */
  review: {
    id: string;
    rating: number;
    title: string;
    body: string;
    status: "visible" | "reported" | "removed";
    /** "Verified purchase" (docs/commerce.md "Verified purchase"). */
    verified: boolean;
    photos: { id: string; url: string; width: number; height: number }[];
  } | null;
}
