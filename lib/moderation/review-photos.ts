import "server-only";
import { eq } from "drizzle-orm";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { isUuid } from "@/lib/organisations/access";
import { reviewPhotos } from "@/lib/reviews/schema";
import { isPlatformModerator } from "./moderation";

/**
 * Review photos as moderators see them (docs/commerce.md, "Moderation"). The public route
 * (/api/review-photos/<id>) reads as `anon`, so a reported review's photos are hidden there;
 * a moderator deciding on it needs them. Two layers: the code asks app.is_platform_moderator()
 * first, and the row is read in the moderator's own user context, where the policy
 * `review_photos_select_moderator` (migration 0022) lets a live moderator read every review's
 * photos and nobody else more than before.
 */
/** The stored photo for a signed-in platform moderator; null for anyone else or no such photo. */
export async function getModeratedReviewPhoto(
  claims: UserClaims | null,
  photoId: string,
): Promise<{ storageKey: string; contentType: string } | null> {
  if (!claims || claims.is_anonymous || !isUuid(photoId)) return null;
  if (!(await isPlatformModerator(claims))) return null;
  const [row] = await withUserContext(claims, (tx) =>
    tx
      .select({ storageKey: reviewPhotos.storageKey, contentType: reviewPhotos.contentType })
      .from(reviewPhotos)
      .where(eq(reviewPhotos.id, photoId)),
  );
  return row ?? null;
}
