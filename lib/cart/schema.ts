import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { authenticatedRole } from "drizzle-orm/supabase";
import { users } from "@/lib/auth/schema";
import { listings } from "@/lib/listings/schema";
import { organisations } from "@/lib/organisations/schema";
import { sellableKinds } from "./sellable-kinds";

/**
 * Carts (issue 12 §1): one per consumer per organisation. A cart belongs to its user, not to
 * the organisation: only the user reads or changes it (RLS on `auth.uid()`), the
 * organisation's members see nothing of it, and moving a guest's carts to the account they
 * sign in with is done by the system (lib/cart/claim.ts).
 *
 * A line refers to a sellable unit through (`sellable_kind`, `sellable_id`): a product
 * variant now, ticket types, bookings and menu items later (lib/cart/sellables.ts). Its
 * `hold_expires_at` is the stock hold: while it is in the future the line's quantity counts
 * against the unit's stock for everyone else (`app.sellable_holds`, migration 0023); once it
 * has passed it counts for nobody, with no job to release it.
 */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carts_user_organisation_key").on(t.userId, t.organisationId),
    unique("carts_organisation_id_key").on(t.organisationId, t.id),
    check("carts_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    pgPolicy("carts_select_own", {
      for: "select",
      to: authenticatedRole,
      using: sql`${t.userId} = (select auth.uid())`,
    }),
    pgPolicy("carts_insert_own", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${t.userId} = (select auth.uid())`,
    }),
    pgPolicy("carts_delete_own", {
      for: "delete",
      to: authenticatedRole,
      using: sql`${t.userId} = (select auth.uid())`,
    }),
  ],
).enableRLS();

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id").notNull(),
    organisationId: uuid("organisation_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellableKind: text("sellable_kind", { enum: sellableKinds }).notNull(),
    sellableId: uuid("sellable_id").notNull(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** What the line showed when it was added, for a unit that can no longer be read. */
    title: text("title").notNull(),
    quantity: integer("quantity").notNull(),
    /** The unit price the shopper last saw (added, or changed the quantity at). */
    unitPriceMinor: bigint("unit_price_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    /** The stock hold; null for a unit whose stock is not tracked. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    foreignKey({
      name: "cart_lines_cart_fk",
      columns: [t.organisationId, t.cartId],
      foreignColumns: [carts.organisationId, carts.id],
    }).onDelete("cascade"),
    uniqueIndex("cart_lines_cart_sellable_key").on(t.cartId, t.sellableKind, t.sellableId),
    index("cart_lines_organisation_cart_idx").on(t.organisationId, t.cartId),
    index("cart_lines_user_idx").on(t.userId),
    index("cart_lines_listing_idx").on(t.listingId),
    index("cart_lines_holds_idx")
      .on(t.sellableKind, t.sellableId, t.holdExpiresAt)
      .where(sql`${t.holdExpiresAt} is not null`),
    check("cart_lines_quantity", sql`${t.quantity} between 1 and 99`),
    check("cart_lines_price", sql`${t.unitPriceMinor} between 0 and 9999999999`),
    check("cart_lines_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    pgPolicy("cart_lines_select_own", {
      for: "select",
      to: authenticatedRole,
      using: sql`${t.userId} = (select auth.uid())`,
    }),
    pgPolicy("cart_lines_insert_own", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${t.userId} = (select auth.uid())
        and exists (select 1 from carts c where c.id = ${t.cartId} and c.user_id = (select auth.uid()))`,
    }),
    pgPolicy("cart_lines_update_own", {
      for: "update",
      to: authenticatedRole,
      using: sql`${t.userId} = (select auth.uid())`,
      withCheck: sql`${t.userId} = (select auth.uid())
        and exists (select 1 from carts c where c.id = ${t.cartId} and c.user_id = (select auth.uid()))`,
    }),
    pgPolicy("cart_lines_delete_own", {
      for: "delete",
      to: authenticatedRole,
      using: sql`${t.userId} = (select auth.uid())`,
    }),
  ],
).enableRLS();
