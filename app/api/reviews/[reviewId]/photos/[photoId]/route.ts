import { revalidateTag } from "next/cache";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { removeReviewPhoto } from "@/lib/reviews/review-photos";

/** Removes a photo of the signed-in author's own visible review; 404 for anyone else. */
export async function DELETE(
  request: Request,
  context: { params: Promise<{ reviewId: string; photoId: string }> },
) {
  const site = request.headers.get("sec-fetch-site");
  const { reviewId, photoId } = await context.params;
  const state =
    site !== null && site !== "same-origin"
      ? ({ status: "error", code: "notFound" } as const)
      : await removeReviewPhoto(await getCurrentClaims(), reviewId, photoId);
  if (state.status === "done") for (const tag of state.data.tags) revalidateTag(tag, { expire: 0 });
  const status = state.status === "done" ? 200 : state.status === "failed" ? 500 : 404;
  return Response.json(state, { status, headers: { "Cache-Control": "no-store" } });
}
