import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
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
import { listingKinds, listingStatuses } from "@/lib/commerce/catalogue-types";
import { hasGrantIn } from "@/lib/db/policies";
import { organisations } from "@/lib/organisations/schema";

/**
 * Everything a consumer can find (issue 11 §1): one row per product, event, service, venue …
 * Each kind keeps its own details in its module's table, joined one-to-one on `id`
 * (products.listing_id). Search, reviews, galleries, the sitemap and structured data work on
 * this table only.
 *
 * Who reads what (migration 0017):
 * - anyone (anon, authenticated): published listings (`listings_select_published`);
 * - members: every listing of their organisation whose kind's read permission they hold
 *   (`app.listing_permission(kind, 'read')`, e.g. commerce.product.read); writes the same with
 *   'write'. Publishing is a separate permission checked by the command (and by the trigger
 *   `listings_publish_guard`).
 */
export const listings = pgTable(
  "listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: listingKinds }).notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    /** Markdown; rendered without raw HTML (components/docs/markdown-article.tsx rules). */
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status", { enum: listingStatuses }).notNull().default("draft"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    region: text("region"),
    postalCode: text("postal_code"),
    country: text("country"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** The lowest price of what it sells, in minor units of `currency`; null = no price yet. */
    priceFromMinor: bigint("price_from_minor", { mode: "number" }),
    currency: text("currency").notNull(),
    /** Something can be bought now (a variant untracked or in stock); kept by the commands. */
    inStock: boolean("in_stock").notNull().default(false),
    /** Rating summary, kept in the review's transaction: count, sum and per-star counts. */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingHistogram: integer("rating_histogram")
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0}'::integer[]`),
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("listings_organisation_kind_slug_key").on(t.organisationId, t.kind, t.slug),
    // The back office's lists: an organisation's listings of one kind, newest change first.
    index("listings_organisation_kind_updated_idx").on(t.organisationId, t.kind, t.updatedAt),
    // The public landing pages: published listings of a kind and category, newest first.
    index("listings_public_category_idx")
      .on(t.kind, t.category, t.publishedAt)
      .where(sql`${t.status} = 'published'`),
    check(
      "listings_slug_format",
      sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) <= 80`,
    ),
    check("listings_title_length", sql`length(${t.title}) between 1 and 200`),
    check("listings_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "listings_location_pair",
      sql`(${t.latitude} is null) = (${t.longitude} is null)
        and (${t.latitude} is null or ${t.latitude} between -90 and 90)
        and (${t.longitude} is null or ${t.longitude} between -180 and 180)`,
    ),
    check(
      "listings_price_from_positive",
      sql`${t.priceFromMinor} is null or ${t.priceFromMinor} >= 0`,
    ),
    check("listings_published_at", sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
    pgPolicy("listings_select_published", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: sql`${t.status} = 'published'`,
    }),
    pgPolicy("listings_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: hasGrantIn(t.organisationId, sql`app.listing_permission(${t.kind}, 'read')`),
    }),
    pgPolicy("listings_insert_permitted", {
      for: "insert",
      to: authenticatedRole,
      withCheck: hasGrantIn(t.organisationId, sql`app.listing_permission(${t.kind}, 'write')`),
    }),
    pgPolicy("listings_update_permitted", {
      for: "update",
      to: authenticatedRole,
      using: hasGrantIn(t.organisationId, sql`app.listing_permission(${t.kind}, 'write')`),
      withCheck: hasGrantIn(t.organisationId, sql`app.listing_permission(${t.kind}, 'write')`),
    }),
    pgPolicy("listings_delete_permitted", {
      for: "delete",
      to: authenticatedRole,
      using: hasGrantIn(t.organisationId, sql`app.listing_permission(${t.kind}, 'write')`),
    }),
  ],
).enableRLS();

/** How a listing image's member policies find the listing's kind permission. */
const listingPermitted = (
  organisationId: AnyPgColumn,
  listingId: AnyPgColumn,
  action: "read" | "write",
) =>
  sql`exists (select 1 from listings l where l.id = ${listingId} and l.organisation_id = ${organisationId}
    and ${hasGrantIn(organisationId, sql`app.listing_permission(l.kind, ${sql.raw(`'${action}'`)})`)})`;

/**
 * A listing's gallery (issue 11 §2): images in order, the first (`position` 0) the cover.
 * The bytes are a public file of the organisation (organisation_files, is_public, in its
 * ".listings" folder), re-encoded at upload (lib/listings/gallery.ts); pages ask Next's image
 * optimizer for the sizes they show. Anyone sees the images of published listings; members
 * with the kind's read permission all of theirs, and write with its write permission.
 */
export const listingImages = pgTable(
  "listing_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id").notNull(),
    fileId: uuid("file_id").notNull(),
    position: integer("position").notNull(),
    altText: text("alt_text").notNull().default(""),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listing_images_listing_position_idx").on(t.listingId, t.position),
    index("listing_images_organisation_listing_idx").on(t.organisationId, t.listingId),
    uniqueIndex("listing_images_file_key").on(t.fileId),
    index("listing_images_organisation_file_idx").on(t.organisationId, t.fileId),
    check("listing_images_position", sql`${t.position} >= 0`),
    check("listing_images_alt_length", sql`length(${t.altText}) <= 250`),
    check("listing_images_size", sql`${t.width} > 0 and ${t.height} > 0`),
    pgPolicy("listing_images_select_published", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: sql`exists (select 1 from listings l where l.id = ${t.listingId} and l.status = 'published')`,
    }),
    pgPolicy("listing_images_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: listingPermitted(t.organisationId, t.listingId, "read"),
    }),
    pgPolicy("listing_images_insert_permitted", {
      for: "insert",
      to: authenticatedRole,
      withCheck: listingPermitted(t.organisationId, t.listingId, "write"),
    }),
    pgPolicy("listing_images_update_permitted", {
      for: "update",
      to: authenticatedRole,
      using: listingPermitted(t.organisationId, t.listingId, "write"),
      withCheck: listingPermitted(t.organisationId, t.listingId, "write"),
    }),
    pgPolicy("listing_images_delete_permitted", {
      for: "delete",
      to: authenticatedRole,
      using: listingPermitted(t.organisationId, t.listingId, "write"),
    }),
  ],
).enableRLS();
