import "server-only";
import { sql } from "drizzle-orm";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { ActionState } from "@/lib/backoffice/action-state";
import { failureState } from "@/lib/backoffice/doors";
import { getCurrentClaims } from "@/lib/auth/server/session";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { AppError, type AppErrorCode } from "@/lib/errors/app-error";
import { kindTag, listingTag } from "@/lib/listings/cache-tags";
import { readReviewPhotos, type ReviewPhoto } from "@/lib/reviews/review-photos";
import { parseWithValidation } from "@/lib/validation/parse";
import { decisionSchema } from "./decision-schema";

/**
 * The moderators' side of reviews (docs/commerce.md, "Moderation"): who is one, the queue of
 * reported reviews of every organisation, and the decision on one. Everything runs in the
 * caller's user context and goes through the SECURITY DEFINER functions of migration 0021,
 * which check `platform_moderators` live for auth.uid(): the code's door and the database's
 * check are two layers, as for the organisations' doors.
 */

/** Whether the caller is a platform moderator now (read live, once per request). */
export const isPlatformModerator = cache(async (claims: UserClaims | null): Promise<boolean> => {
  if (!claims || claims.is_anonymous) return false;
  const [row] = await withUserContext(claims, (tx) =>
    queryRows<{ moderator: boolean }>(tx, sql`select app.is_platform_moderator() as moderator`),
  );
  return row?.moderator === true;
});

/** For a moderators' page: the caller's claims, or notFound() for everyone else. */
export async function gateModerator(): Promise<UserClaims> {
  const claims = await getCurrentClaims();
  if (!claims || !(await isPlatformModerator(claims))) notFound();
  return claims;
}

/** Where a moderator opens a review's photo (app/api/moderation/review-photos/[photoId]). */
export const moderationPhotoUrl = (photoId: string) => `/api/moderation/review-photos/${photoId}`;

export interface ReportedReview {
  id: string;
  organisationId: string;
  organisationName: string;
  listingId: string;
  listingKind: string;
  listingTitle: string;
  listingPublished: boolean;
  authorName: string;
  /** The moderator wrote it: another moderator decides. */
  own: boolean;
  rating: number;
  title: string;
  body: string;
  reportReason: string | null;
  reportedAt: Date | null;
  createdAt: Date;
  /** In order, served to moderators only (the public route hides a reported review's). */
  photos: ReviewPhoto[];
}

type QueueRow = {
  id: string;
  organisation_id: string;
  organisation_name: string;
  listing_id: string;
  listing_kind: string;
  listing_title: string;
  listing_published: boolean;
  author_name: string;
  own: boolean;
  rating: number;
  title: string;
  body: string;
  report_reason: string | null;
  reported_at: Date | string | null;
  created_at: Date | string;
};

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * One page of the queue, oldest report first. The page is clamped to the last one; a
 * caller who is not a moderator is refused by the database (the page's door comes first).
 */
export async function listReportedReviews(
  claims: UserClaims,
  query: { page: number; size: number },
): Promise<{ rows: ReportedReview[]; total: number; page: number }> {
  return withUserContext(claims, async (tx) => {
    const [counted] = await queryRows<{ n: number }>(
      tx,
      sql`select app.reported_review_count() as n`,
    );
    const total = Number(counted?.n ?? 0);
    const pages = Math.max(1, Math.ceil(total / query.size));
    const page = Math.min(Math.max(Math.floor(query.page) || 1, 1), pages);
    const rows = await queryRows<QueueRow>(
      tx,
      sql`select * from app.reported_reviews(${query.size}, ${(page - 1) * query.size})`,
    );
    // Under RLS: review_photos_select_moderator (migration 0022) shows moderators these.
    const photos = await readReviewPhotos(
      tx,
      rows.map((r) => r.id),
    );
    return {
      total,
      page,
      rows: rows.map((r) => ({
        id: r.id,
        organisationId: r.organisation_id,
        organisationName: r.organisation_name,
        listingId: r.listing_id,
        listingKind: r.listing_kind,
        listingTitle: r.listing_title,
        listingPublished: r.listing_published,
        authorName: r.author_name,
        own: r.own,
        rating: r.rating,
        title: r.title,
        body: r.body,
        reportReason: r.report_reason,
        reportedAt: r.reported_at === null ? null : toDate(r.reported_at),
        createdAt: toDate(r.created_at),
        photos: (photos.get(r.id) ?? []).map((photo) => ({
          ...photo,
          url: moderationPhotoUrl(photo.id),
        })),
      })),
    };
  });
}

export type ReviewDecided = { id: string; status: "visible" | "removed"; tags: string[] };

/** PostgreSQL's error code of a failure (on the error or its cause, by driver). */
function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What app.decide_review()'s refusals mean to the moderator (migration 0021). */
const refusals: Record<string, AppErrorCode> = {
  "42501": "notFound",
  P0002: "notFound",
  "55000": "alreadyDecided",
};

/**
 * A moderator's decision on a reported review: restore it (visible again, counted in the
 * rating summary) or remove it (stays hidden), with an optional note. One transaction: the
 * row locked, the audit entry (the moderator as actor, in the review's organisation), the
 * status. Answers the cache tags to expire: the listing's page and its kind's lists.
 */
export async function decideReview(
  claims: UserClaims | null,
  input: unknown,
): Promise<ActionState<ReviewDecided>> {
  if (!claims || claims.is_anonymous) return { status: "error", code: "notFound" };
  const parsed = parseWithValidation(decisionSchema, input);
  if (!parsed.success) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const { reviewId, decision, note } = parsed.data;
  try {
    const data = await withUserContext(claims, async (tx) => {
      const [row] = await queryRows<{
        listing_id: string;
        listing_kind: string;
        status: "visible" | "removed";
      }>(tx, sql`select * from app.decide_review(${reviewId}::uuid, ${decision}, ${note})`).catch(
        (error: unknown) => {
          const refusal = refusals[pgCode(error) ?? ""];
          throw refusal ? new AppError(refusal) : error;
        },
      );
      if (!row) throw new Error("The decision was not recorded.");
      return {
        id: reviewId,
        status: row.status,
        tags: [listingTag(row.listing_id), kindTag(row.listing_kind)],
      };
    });
    return { status: "done", data };
  } catch (error) {
    return failureState(error, "moderation: decide");
  }
}
