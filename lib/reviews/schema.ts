import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { anonRole, authenticatedRole } from "drizzle-orm/supabase";
import { listings } from "@/lib/listings/schema";
import { organisations } from "@/lib/organisations/schema";
import { hasPermissionIn } from "@/lib/db/policies";

/**
 * Reviews of listings (issue 11 §3, domain.md "Catalogue"): one per author per listing,
 * rating 1–5, a title and a text; the organisation answers publicly (`reply`) and may report
 * one to moderation, which hides it until a moderator decides (`status`). The listing's
 * rating summary is kept by a trigger in the review's own transaction (migration 0018).
 *
 * Who does what (policies below, and the trigger `reviews_write_guard`):
 * - anyone reads visible reviews of published listings; authors read their own;
 * - members with reviews.review.read read all of their organisation's;
 * - a signed-in user writes, edits (rating, title, text) and deletes their own review of a
 *   published listing; nothing else of it;
 * - members with reviews.review.reply set the reply; with reviews.review.report, report it.
 */
export const reviewStatuses = ["visible", "reported", "removed"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    authorUserId: uuid("author_user_id").notNull(),
    /** The author's display name when they wrote it (profiles are private; kept by a trigger). */
    authorName: text("author_name").notNull().default(""),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull().default(""),
    status: text("status", { enum: reviewStatuses }).notNull().default("visible"),
    /**
     * "Verified purchase": the author has a confirmed or completed, paid (or partly refunded)
     * order of this organisation with a line of this listing. Kept by the database
     * (migration 0033): computed when the review is written and again whenever one of the
     * author's orders changes state; nobody can set it to anything else (docs/commerce.md,
     * "Verified purchase").
     */
    verified: boolean("verified").notNull().default(false),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    repliedBy: uuid("replied_by"),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    reportReason: text("report_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("reviews_listing_author_key").on(t.listingId, t.authorUserId),
    index("reviews_listing_visible_idx")
      .on(t.listingId, t.createdAt)
      .where(sql`${t.status} = 'visible'`),
    index("reviews_organisation_created_idx").on(t.organisationId, t.createdAt),
    index("reviews_author_idx").on(t.authorUserId),
    /** The moderators' queue: reported reviews, oldest report first (lib/moderation). */
    index("reviews_reported_idx")
      .on(t.reportedAt, t.id)
      .where(sql`${t.status} = 'reported'`),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_title_length", sql`length(${t.title}) <= 120`),
    check("reviews_body_length", sql`length(${t.body}) <= 5000`),
    check("reviews_reply_length", sql`${t.reply} is null or length(${t.reply}) <= 2000`),
    pgPolicy("reviews_select_visible", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: sql`${t.status} = 'visible' and exists (select 1 from listings l where l.id = ${t.listingId} and l.status = 'published')`,
    }),
    pgPolicy("reviews_select_author", {
      for: "select",
      to: authenticatedRole,
      using: sql`${t.authorUserId} = auth.uid()`,
    }),
    pgPolicy("reviews_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "reviews.review.read")}`,
    }),
    pgPolicy("reviews_insert_author", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${t.authorUserId} = auth.uid() and ${t.status} = 'visible' and ${t.reply} is null
        and exists (select 1 from listings l where l.id = ${t.listingId}
                    and l.organisation_id = ${t.organisationId} and l.status = 'published')`,
    }),
    pgPolicy("reviews_update_author_or_permitted", {
      for: "update",
      to: authenticatedRole,
      using: sql`${t.authorUserId} = auth.uid()
        or ${hasPermissionIn(t.organisationId, "reviews.review.reply")}
        or ${hasPermissionIn(t.organisationId, "reviews.review.report")}`,
      withCheck: sql`${t.authorUserId} = auth.uid()
        or ${hasPermissionIn(t.organisationId, "reviews.review.reply")}
        or ${hasPermissionIn(t.organisationId, "reviews.review.report")}`,
    }),
    pgPolicy("reviews_delete_author", {
      for: "delete",
      to: authenticatedRole,
      using: sql`${t.authorUserId} = auth.uid()`,
    }),
  ],
).enableRLS();

/**
 * A review's photos (up to REVIEW_PHOTOS_MAX, lib/reviews/review-photos.ts): re-encoded at
 * upload and stored through the storage adapter under `reviews/<reviewId>/…`, served by
 * /api/review-photos/<id> to whoever may read the review, and to platform moderators by
 * /api/moderation/review-photos/<id>. Only the review's author adds or removes them, and only
 * while the review is visible.
 */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_photos_storage_key").on(t.storageKey),
    index("review_photos_review_position_idx").on(t.reviewId, t.position),
    index("review_photos_organisation_idx").on(t.organisationId),
    check("review_photos_size", sql`${t.width} > 0 and ${t.height} > 0 and ${t.size} > 0`),
    pgPolicy("review_photos_select_readable", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: sql`exists (select 1 from reviews r where r.id = ${t.reviewId})`,
    }),
    // A platform moderator sees every review's photos, to decide on reported ones
    // (/api/moderation/review-photos/<id>; migration 0022). The function is asked once per
    // statement, not per row.
    pgPolicy("review_photos_select_moderator", {
      for: "select",
      to: authenticatedRole,
      using: sql`(select app.is_platform_moderator())`,
    }),
    pgPolicy("review_photos_insert_author", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`exists (select 1 from reviews r where r.id = ${t.reviewId}
        and r.organisation_id = ${t.organisationId}
        and r.author_user_id = auth.uid() and r.status = 'visible')`,
    }),
    pgPolicy("review_photos_delete_author", {
      for: "delete",
      to: authenticatedRole,
      using: sql`exists (select 1 from reviews r where r.id = ${t.reviewId}
        and r.author_user_id = auth.uid() and r.status = 'visible')`,
    }),
  ],
).enableRLS();
