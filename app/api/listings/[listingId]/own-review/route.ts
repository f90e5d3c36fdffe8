import { getCurrentClaims } from "@/lib/auth/server/session";
import type { OwnReviewAnswer } from "@/lib/reviews/own-review-answer";
import { ownReview } from "@/lib/reviews/reviews";

export const dynamic = "force-dynamic";

/**
 * The caller's own review of a listing, for the review form of a page cached for everyone
 * (components/storefront/own-review.tsx): `{ signedIn, review }`. Read under the caller's
 * session (RLS: an author sees their own review whatever its status); anyone else, an
 * anonymous session included, gets `{ signedIn: false, review: null }`. Never cached.
 */
export async function GET(_: Request, context: { params: Promise<{ listingId: string }> }) {
  const { listingId } = await context.params;
  const claims = await getCurrentClaims();
  const person = claims && !claims.is_anonymous ? claims : null;
  const answer: OwnReviewAnswer = {
    signedIn: person !== null,
    review: person ? await ownReview(person, listingId) : null,
  };
  return Response.json(answer, { headers: { "Cache-Control": "private, no-store" } });
}
