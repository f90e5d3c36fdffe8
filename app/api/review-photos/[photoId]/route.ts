import { serveStoredFile } from "@/lib/files/serve";
import { getPublicReviewPhoto } from "@/lib/reviews/review-photos";

/**
 * A review's photo, to anyone, while its review is visible on a published listing (read as
 * `anon`, so RLS decides). Pages show it through Next's image optimizer at their sizes.
 */
export async function GET(_request: Request, context: { params: Promise<{ photoId: string }> }) {
  const photoId = (await context.params).photoId;
  const photo = await getPublicReviewPhoto(photoId);
  if (!photo) return new Response(null, { status: 404, headers: { "cache-control": "no-store" } });
  return serveStoredFile(
    { name: `review-photo-${photoId.slice(0, 8)}.webp`, ...photo },
    { inline: true, cacheControl: "public, max-age=300" },
  );
}
