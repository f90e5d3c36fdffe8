import { revalidateTag } from "next/cache";
import { getCurrentClaims } from "@/lib/auth/server/session";
import type { ActionState } from "@/lib/backoffice/action-state";
import { readBodyWithin } from "@/lib/files/read-body";
import { processImage } from "@/lib/images/process-image";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";
import {
  addReviewPhoto,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_MAX_SIDE,
} from "@/lib/reviews/review-photos";

/**
 * Adds a photo to the signed-in author's own review: POST the picture as the raw body. The
 * size limit holds while reading; the picture is re-encoded before it is stored. 404 for
 * anyone but the author of a visible review; 30 photos per author per hour.
 */
const statusOf = (state: ActionState<unknown>): number => {
  if (state.status === "done") return 201;
  if (state.status === "failed") return 500;
  if (state.status !== "error") return 400;
  if (state.code === "notFound") return 404;
  if (state.code === "imageTooLarge") return 413;
  if (state.code === "imageUnreadable") return 415;
  if (state.code === "rateLimited") return 429;
  return 409;
};

const answer = (state: ActionState<unknown>, headers: Record<string, string> = {}) =>
  Response.json(state, {
    status: statusOf(state),
    headers: { "Cache-Control": "no-store", ...headers },
  });

const refuse = (code: "imageTooLarge" | "imageUnreadable" | "notFound") =>
  answer({ status: "error", code, field: "photos" });

export async function POST(request: Request, context: { params: Promise<{ reviewId: string }> }) {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return refuse("notFound");
  const claims = await getCurrentClaims();
  if (!claims || claims.is_anonymous) return refuse("notFound");
  const limit = await consumeRateLimit({
    key: `review-photos:${claims.sub}`,
    limit: 30,
    windowSeconds: 60 * 60,
  });
  if (!limit.allowed) {
    return answer(
      { status: "error", code: "rateLimited" },
      { "retry-after": String(limit.retryAfterSeconds) },
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > REVIEW_PHOTO_MAX_BYTES) return refuse("imageTooLarge");
  const body = await readBodyWithin(request.body, REVIEW_PHOTO_MAX_BYTES);
  if (!body.ok) return refuse(body.reason === "tooLarge" ? "imageTooLarge" : "imageUnreadable");
  const image = await processImage(body.bytes, { maxSide: REVIEW_PHOTO_MAX_SIDE });
  if (typeof image === "string") return refuse(image);
  const state = await addReviewPhoto(claims, (await context.params).reviewId, image);
  if (state.status === "done") for (const tag of state.data.tags) revalidateTag(tag, { expire: 0 });
  return answer(state);
}
