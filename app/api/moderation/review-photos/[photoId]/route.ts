import { getCurrentClaims } from "@/lib/auth/server/session";
import { serveStoredFile } from "@/lib/files/serve";
import { getModeratedReviewPhoto } from "@/lib/moderation/review-photos";

/**
 * A review's photo, whatever the review's status, to a signed-in platform moderator only (the
 * queue shows reported reviews' photos, which the public route hides); 404 for everyone else.
 * Never stored by a cache: `private, no-store`.
 */
const PRIVATE = "private, no-store";

export async function GET(_request: Request, context: { params: Promise<{ photoId: string }> }) {
  const photoId = (await context.params).photoId;
  const photo = await getModeratedReviewPhoto(await getCurrentClaims(), photoId);
  if (!photo) return new Response(null, { status: 404, headers: { "cache-control": PRIVATE } });
  return serveStoredFile(
    { name: `review-photo-${photoId.slice(0, 8)}.webp`, ...photo },
    { inline: true, cacheControl: PRIVATE },
  );
}
