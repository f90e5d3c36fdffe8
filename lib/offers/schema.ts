import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { anonRole, authenticatedRole } from "drizzle-orm/supabase";
import { offerKinds } from "@/lib/commerce/catalogue-types";
import { organisationPolicies } from "@/lib/db/policies";
import { organisations } from "@/lib/organisations/schema";

/**
 * Offers (issue 12 §2): time-limited price rules on a listing, managed in the back office
 * under `commerce` (docs/commerce.md, "Offers"). Part of the `commerce` module; the table lives
 * in its own folder because Drizzle reads tables from `lib/**\/schema.ts`.
 *
 * - `kind` `fixed_price`: `value` is the offer price in minor units of the listing's currency;
 *   `percentage`: `value` is the percent off, 1–90.
 * - `usage_limit`: how many units may be sold at the offer price (null = no limit). `used` is
 *   the count of units sold so far: checkout increments it in the order's transaction (with the
 *   row locked), and an offer whose `used` reached its limit no longer applies.
 * - `ended_at`: set by "End now". An offer is **running** while now() is in
 *   [starts_at, ends_at), it has not been ended and its usage limit is not reached.
 * - The listing belongs to the same organisation (composite foreign key over
 *   `listings (organisation_id, id)`, migration 0026).
 *
 * RLS: members read with commerce.product.read and write with commerce.offer.write; anyone
 * reads the running offers of published listings (`offers_select_running`).
 */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id").notNull(),
    title: text("title").notNull(),
    kind: text("kind", { enum: offerKinds }).notNull(),
    value: bigint("value", { mode: "number" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    used: integer("used").notNull().default(0),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // Covers offers_listing_same_organisation_fk (organisation_id, listing_id) and the back
    // office's list of one organisation's offers.
    index("offers_organisation_listing_idx").on(t.organisationId, t.listingId),
    index("offers_organisation_ends_idx").on(t.organisationId, t.endsAt),
    // The public reads: the running offers of given listings.
    index("offers_listing_running_idx")
      .on(t.listingId, t.endsAt)
      .where(sql`${t.endedAt} is null`),
    check("offers_title_length", sql`char_length(${t.title}) between 1 and 120`),
    check("offers_ends_after_starts", sql`${t.endsAt} > ${t.startsAt}`),
    check(
      "offers_value",
      sql`(${t.kind} = 'percentage' and ${t.value} between 1 and 90)
        or (${t.kind} = 'fixed_price' and ${t.value} between 0 and 9999999999)`,
    ),
    check(
      "offers_usage",
      sql`${t.used} >= 0 and (${t.usageLimit} is null or ${t.usageLimit} >= 1)`,
    ),
    ...organisationPolicies("offers", t.organisationId, {
      read: "commerce.product.read",
      insert: "commerce.offer.write",
      update: "commerce.offer.write",
      delete: "commerce.offer.write",
    }),
    pgPolicy("offers_select_running", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: sql`${t.endedAt} is null and ${t.startsAt} <= now() and ${t.endsAt} > now()
        and (${t.usageLimit} is null or ${t.used} < ${t.usageLimit})
        and exists (select 1 from listings l where l.id = ${t.listingId} and l.status = 'published')`,
    }),
  ],
).enableRLS();
