import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { unstable_cache } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { failureState, type CommandConfig } from "@/lib/backoffice/doors";
import { withAnonContext, withUserContext, type UserClaims } from "@/lib/db/context";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { kindTag, listingTag } from "@/lib/listings/cache-tags";
import { listings } from "@/lib/listings/schema";
import { isUuid } from "@/lib/organisations/access";
import { parseWithValidation } from "@/lib/validation/parse";
import {
  deleteReviewSchema,
  replySchema,
  reportSchema,
  reviewSchema,
  updateReviewSchema,
} from "./review-schema";
import {
  readReviewPhotos,
  removeReviewPhotoObjects,
  reviewPhotoKeys,
  type ReviewPhoto,
} from "./review-photos";
import { reviews, type ReviewStatus } from "./schema";

/**
 * Reviews: what a listing's public page shows (cached under the listing's tag), the signed-in
 * author's own review and its commands, and the organisation's side (list, reply, report).
 * The database keeps the listing's rating summary and who may change which column
 * (migration 0018); every write answers the cache tags it expires.
 */
export interface PublicReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  verified: boolean;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
  photos: ReviewPhoto[];
}

export const REVIEWS_PER_PAGE = 10;

async function readListingReviews(listingId: string): Promise<PublicReview[]> {
  if (!isUuid(listingId)) return [];
  return withAnonContext(async (tx) => {
    const rows = await tx
      .select({
        id: reviews.id,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        authorName: reviews.authorName,
        verified: reviews.verified,
        createdAt: reviews.createdAt,
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
      })
      .from(reviews)
      .where(eq(reviews.listingId, listingId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(50);
    const photos = await readReviewPhotos(
      tx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      repliedAt: r.repliedAt?.toISOString() ?? null,
      photos: photos.get(r.id) ?? [],
    }));
  });
}

/** A listing's latest visible reviews (the newest 50), cached with the listing's page. */
export function cachedListingReviews(listingId: string): Promise<PublicReview[]> {
  return unstable_cache(() => readListingReviews(listingId), ["listing-reviews", listingId], {
    tags: [listingTag(listingId)],
    revalidate: 3600,
  })();
}

export interface OwnReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
  verified: boolean;
  photos: ReviewPhoto[];
}

/** The caller's own review of a listing (whatever its status), or null. */
export async function ownReview(claims: UserClaims, listingId: string): Promise<OwnReview | null> {
  if (!isUuid(listingId)) return null;
  return withUserContext(claims, async (tx) => {
    const [row] = await tx
      .select({
        id: reviews.id,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        status: reviews.status,
        verified: reviews.verified,
      })
      .from(reviews)
      .where(and(eq(reviews.listingId, listingId), eq(reviews.authorUserId, claims.sub)));
    if (!row) return null;
    const photos = await readReviewPhotos(tx, [row.id]);
    return { ...row, photos: photos.get(row.id) ?? [] };
  });
}

type ReviewWrite = { id: string; tags: string[] };

function tagsOf(listingId: string, kind: string): string[] {
  return [listingTag(listingId), kindTag(kind)];
}

/** PostgreSQL's error code of a failure (postgres.js and PGlite put it on the error or its cause). */
function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e.code ?? e.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Writes the signed-in user's review of a published listing: one per author and listing
 * (a second is refused), the author needs a profile (their display name shows).
 */
export async function writeReview(
  claims: UserClaims | null,
  input: unknown,
): Promise<ActionState<ReviewWrite>> {
  if (!claims || claims.is_anonymous) return { status: "error", code: "notFound" };
  const parsed = parseWithValidation(reviewSchema, input);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const { listingId, rating, title, body } = parsed.data;
  try {
    const data = await withUserContext(claims, async (tx) => {
      const [listing] = await tx
        .select({ organisationId: listings.organisationId, kind: listings.kind })
        .from(listings)
        .where(and(eq(listings.id, listingId), eq(listings.status, "published")));
      if (!listing) throw new AppError("notFound");
      const [created] = await tx
        .insert(reviews)
        .values({
          organisationId: listing.organisationId,
          listingId,
          authorUserId: claims.sub,
          rating,
          title,
          body,
        })
        .returning({ id: reviews.id })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, "reviews_listing_author_key")) {
            throw new AppError("alreadyReviewed");
          }
          if (pgCode(error) === "23503") throw new AppError("profileRequired");
          throw error;
        });
      if (!created) throw new Error("The review was not written.");
      return { id: created.id, tags: tagsOf(listingId, listing.kind) };
    });
    return { status: "done", data };
  } catch (error) {
    return failureState(error, "reviews: write");
  }
}

/** Changes the author's own review (rating, title, text) while it is visible. */
export async function updateReview(
  claims: UserClaims | null,
  input: unknown,
): Promise<ActionState<ReviewWrite>> {
  if (!claims) return { status: "error", code: "notFound" };
  const parsed = parseWithValidation(updateReviewSchema, input);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const { reviewId, listingId, rating, title, body } = parsed.data;
  try {
    const data = await withUserContext(claims, async (tx) => {
      const [updated] = await tx
        .update(reviews)
        .set({ rating, title, body })
        .where(
          and(
            eq(reviews.id, reviewId),
            eq(reviews.listingId, listingId),
            eq(reviews.authorUserId, claims.sub),
            eq(reviews.status, "visible"),
          ),
        )
        .returning({ id: reviews.id });
      if (!updated) throw new AppError("notFound");
      return { id: updated.id, tags: tagsOf(listingId, "product") };
    });
    return { status: "done", data };
  } catch (error) {
    return failureState(error, "reviews: update");
  }
}

/** Deletes the author's own review, and its photos' stored objects after the commit. */
export async function deleteReview(
  claims: UserClaims | null,
  input: unknown,
): Promise<ActionState<ReviewWrite>> {
  if (!claims) return { status: "error", code: "notFound" };
  const parsed = parseWithValidation(deleteReviewSchema, input);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const { reviewId, listingId } = parsed.data;
  let photoKeys: string[] = [];
  try {
    const data = await withUserContext(claims, async (tx) => {
      photoKeys = await reviewPhotoKeys(tx, reviewId);
      const [removed] = await tx
        .delete(reviews)
        .where(
          and(
            eq(reviews.id, reviewId),
            eq(reviews.listingId, listingId),
            eq(reviews.authorUserId, claims.sub),
          ),
        )
        .returning({ id: reviews.id });
      if (!removed) throw new AppError("notFound");
      return { id: removed.id, tags: tagsOf(listingId, "product") };
    });
    await removeReviewPhotoObjects(photoKeys);
    return { status: "done", data };
  } catch (error) {
    return failureState(error, "reviews: delete");
  }
}

// ── The organisation's side ────────────────────────────────────────────────────────────

export interface OrganisationReview {
  id: string;
  listingId: string;
  listingTitle: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  /** "Verified purchase" (docs/commerce.md "Verified purchase"). */
  verified: boolean;
  status: ReviewStatus;
  reply: string | null;
  reportReason: string | null;
  createdAt: Date;
}

export async function listOrganisationReviews(
  claims: UserClaims,
  organisationId: string,
  query: {
    page: number;
    size: number;
    listingId?: string | null;
    rating?: number | null;
    /** Only verified purchases. */
    verified?: boolean;
  },
): Promise<{ rows: OrganisationReview[]; total: number; page: number }> {
  if (!isUuid(organisationId)) return { rows: [], total: 0, page: 1 };
  return withUserContext(claims, async (tx) => {
    const where = and(
      eq(reviews.organisationId, organisationId),
      sql`(select app.has_permission(${organisationId}::uuid, 'reviews.review.read'))`,
      query.listingId && isUuid(query.listingId)
        ? eq(reviews.listingId, query.listingId)
        : undefined,
      query.rating ? eq(reviews.rating, query.rating) : undefined,
      query.verified ? eq(reviews.verified, true) : undefined,
    );
    const [totals] = await tx.select({ n: count() }).from(reviews).where(where);
    const total = totals?.n ?? 0;
    const pages = Math.max(1, Math.ceil(total / query.size));
    const page = Math.min(Math.max(query.page, 1), pages);
    const rows = await tx
      .select({
        id: reviews.id,
        listingId: reviews.listingId,
        listingTitle: listings.title,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        authorName: reviews.authorName,
        verified: reviews.verified,
        status: reviews.status,
        reply: reviews.reply,
        reportReason: reviews.reportReason,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.size)
      .offset((page - 1) * query.size);
    return { rows, total, page };
  });
}

/** The organisation's listings that have reviews (the list's filter). */
export async function reviewedListings(
  claims: UserClaims,
  organisationId: string,
): Promise<{ id: string; title: string }[]> {
  if (!isUuid(organisationId)) return [];
  return withUserContext(claims, (tx) =>
    tx
      .selectDistinct({ id: listings.id, title: listings.title })
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(
        and(
          eq(reviews.organisationId, organisationId),
          sql`(select app.has_permission(${organisationId}::uuid, 'reviews.review.read'))`,
        ),
      )
      .orderBy(listings.title)
      .limit(500),
  );
}

async function reviewOf(
  tx: Parameters<Parameters<typeof withUserContext>[1]>[0],
  organisationId: string,
  reviewId: string,
) {
  const [row] = await tx
    .select({
      id: reviews.id,
      listingId: reviews.listingId,
      status: reviews.status,
      reply: reviews.reply,
    })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.organisationId, organisationId)))
    .for("update");
  if (!row) throw new AppError("notFound");
  return row;
}

/** The organisation's public answer under a review (empty text removes it). */
export const replyReviewCommand = {
  permission: "reviews.review.reply",
  schema: replySchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await reviewOf(tx, organisationId, input.reviewId);
    const reply = input.reply || null;
    await tx
      .update(reviews)
      .set({
        reply,
        repliedAt: reply ? new Date() : null,
        repliedBy: reply ? access.userId : null,
      })
      .where(and(eq(reviews.id, input.reviewId), eq(reviews.organisationId, organisationId)));
    await audit({
      action: "reviews.review.reply",
      resourceType: "review",
      resourceId: input.reviewId,
      before: { reply: before.reply },
      after: { reply },
    });
    return { id: input.reviewId, tags: tagsOf(before.listingId, "product") };
  },
} satisfies CommandConfig<typeof replySchema, ReviewWrite>;

/** Reports a review to moderation: hidden from the public until a moderator decides. */
export const reportReviewCommand = {
  permission: "reviews.review.report",
  schema: reportSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const before = await reviewOf(tx, organisationId, input.reviewId);
    if (before.status !== "visible") throw new AppError("stale");
    await tx
      .update(reviews)
      .set({ status: "reported", reportedAt: new Date(), reportReason: input.reason })
      .where(and(eq(reviews.id, input.reviewId), eq(reviews.organisationId, organisationId)));
    await audit({
      action: "reviews.review.report",
      resourceType: "review",
      resourceId: input.reviewId,
      before: { status: before.status },
      after: { status: "reported" },
    });
    return { id: input.reviewId, tags: tagsOf(before.listingId, "product") };
  },
} satisfies CommandConfig<typeof reportSchema, ReviewWrite>;
