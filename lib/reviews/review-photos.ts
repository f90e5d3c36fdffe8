import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { ActionState } from "@/lib/backoffice/action-state";
import { failureState } from "@/lib/backoffice/doors";
import { withAnonContext, withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors/app-error";
import type { ProcessedImage } from "@/lib/images/process-image";
import { kindTag, listingTag } from "@/lib/listings/cache-tags";
import { listings } from "@/lib/listings/schema";
import { isUuid } from "@/lib/organisations/access";
import { getStorage } from "@/lib/storage/storage";
import {
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_MAX_SIDE,
  REVIEW_PHOTOS_MAX,
} from "./review-photo-rules";
import { reviewPhotos, reviews } from "./schema";

/**
 * A review's photos (issue 11 §3: "rating 1–5, text, optional photos"): up to
 * REVIEW_PHOTOS_MAX per review, added and removed by the review's author while it is visible.
 * The picture is re-encoded before it is stored (lib/images), under `reviews/<reviewId>/…`
 * through the storage adapter; /api/review-photos/<id> serves it to whoever may read the
 * review (RLS: visible reviews of published listings, the author, the organisation's
 * members with reviews.review.read). Reported or removed reviews' photos are hidden with them.
 */
export { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_MAX_SIDE, REVIEW_PHOTOS_MAX };
export const reviewPhotosPath = "/api/review-photos";

export interface ReviewPhoto {
  id: string;
  url: string;
  width: number;
  height: number;
}

type PhotoWrite = { id: string; tags: string[] };

const photoUrl = (id: string) => `${reviewPhotosPath}/${id}`;

/** The photos of these reviews, in order, as the caller's RLS shows them. */
export async function readReviewPhotos(
  tx: Tx,
  reviewIds: readonly string[],
): Promise<Map<string, ReviewPhoto[]>> {
  const byReview = new Map<string, ReviewPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await tx
    .select({
      id: reviewPhotos.id,
      reviewId: reviewPhotos.reviewId,
      width: reviewPhotos.width,
      height: reviewPhotos.height,
    })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
    .orderBy(asc(reviewPhotos.position), asc(reviewPhotos.id));
  for (const row of rows) {
    const list = byReview.get(row.reviewId) ?? [];
    list.push({ id: row.id, url: photoUrl(row.id), width: row.width, height: row.height });
    byReview.set(row.reviewId, list);
  }
  return byReview;
}

/** The author's own visible review, locked, with its listing's kind (for the cache tags). */
async function lockOwnReview(tx: Tx, claims: UserClaims, reviewId: string) {
  const [row] = await tx
    .select({
      organisationId: reviews.organisationId,
      listingId: reviews.listingId,
      kind: listings.kind,
    })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .where(
      and(
        eq(reviews.id, reviewId),
        eq(reviews.authorUserId, claims.sub),
        eq(reviews.status, "visible"),
      ),
    )
    .for("update", { of: reviews });
  if (!row) throw new AppError("notFound");
  return row;
}

async function removeObjects(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await getStorage().delete(key);
    } catch (error) {
      console.error("reviews: photo object not removed", error);
    }
  }
}

/**
 * Adds an already processed photo to the signed-in author's visible review. The object is
 * written before the row; a refusal or a failed commit removes it again.
 */
export async function addReviewPhoto(
  claims: UserClaims | null,
  reviewId: unknown,
  image: ProcessedImage,
): Promise<ActionState<PhotoWrite>> {
  if (!claims || claims.is_anonymous || typeof reviewId !== "string" || !isUuid(reviewId)) {
    return { status: "error", code: "notFound" };
  }
  let written: string | null = null;
  try {
    const data = await withUserContext(claims, async (tx) => {
      const review = await lockOwnReview(tx, claims, reviewId);
      const [{ n, next } = { n: 0, next: 0 }] = await tx
        .select({
          n: count(),
          next: sql<number>`coalesce(max(${reviewPhotos.position}) + 1, 0)::int`,
        })
        .from(reviewPhotos)
        .where(eq(reviewPhotos.reviewId, reviewId));
      if (n >= REVIEW_PHOTOS_MAX) throw new AppError("photosFull", "photos");
      const storageKey = `reviews/${reviewId}/${randomUUID()}`;
      await getStorage().put(storageKey, image.bytes, { contentType: image.contentType });
      written = storageKey;
      const [row] = await tx
        .insert(reviewPhotos)
        .values({
          organisationId: review.organisationId,
          reviewId,
          storageKey,
          contentType: image.contentType,
          size: image.bytes.byteLength,
          width: image.width,
          height: image.height,
          position: next,
        })
        .returning({ id: reviewPhotos.id });
      if (!row) throw new Error("The photo was not recorded.");
      return { id: row.id, tags: [listingTag(review.listingId), kindTag(review.kind)] };
    });
    return { status: "done", data };
  } catch (error) {
    if (written) await removeObjects([written]);
    return failureState(error, "reviews: add photo");
  }
}

/**
 * Removes a photo of the signed-in author's visible review (object after the commit). The
 * others keep their positions: order is all they mean, and authors may not update rows.
 */
export async function removeReviewPhoto(
  claims: UserClaims | null,
  reviewId: unknown,
  photoId: unknown,
): Promise<ActionState<PhotoWrite>> {
  if (
    !claims ||
    typeof reviewId !== "string" ||
    typeof photoId !== "string" ||
    !isUuid(reviewId) ||
    !isUuid(photoId)
  ) {
    return { status: "error", code: "notFound" };
  }
  let removed: string | null = null;
  try {
    const data = await withUserContext(claims, async (tx) => {
      const review = await lockOwnReview(tx, claims, reviewId);
      const [row] = await tx
        .delete(reviewPhotos)
        .where(and(eq(reviewPhotos.id, photoId), eq(reviewPhotos.reviewId, reviewId)))
        .returning({ storageKey: reviewPhotos.storageKey });
      if (!row) throw new AppError("notFound");
      removed = row.storageKey;
      return { id: photoId, tags: [listingTag(review.listingId), kindTag(review.kind)] };
    });
    if (removed) await removeObjects([removed]);
    return { status: "done", data };
  } catch (error) {
    return failureState(error, "reviews: remove photo");
  }
}

/** The storage keys of a review's photos (read before the review is deleted). */
export async function reviewPhotoKeys(tx: Tx, reviewId: string): Promise<string[]> {
  const rows = await tx
    .select({ storageKey: reviewPhotos.storageKey })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.reviewId, reviewId));
  return rows.map((r) => r.storageKey);
}

export { removeObjects as removeReviewPhotoObjects };

/** A photo anyone may see (its review visible, its listing published), or null. */
export async function getPublicReviewPhoto(
  photoId: string,
): Promise<{ storageKey: string; contentType: string } | null> {
  if (!isUuid(photoId)) return null;
  const [row] = await withAnonContext((tx) =>
    tx
      .select({ storageKey: reviewPhotos.storageKey, contentType: reviewPhotos.contentType })
      .from(reviewPhotos)
      .where(eq(reviewPhotos.id, photoId)),
  );
  return row ?? null;
}
