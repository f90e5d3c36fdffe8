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
import { authenticatedRole } from "drizzle-orm/supabase";
import { users } from "@/lib/auth/schema";

/**
 * A consumer's address book (docs/addresses.md). User-owned, not tenant data: RLS lets the
 * owner (user_id = auth.uid()) read, add, change and remove their own rows and nobody else
 * (anon has no policy, so no row). At most one default per user (partial unique index); the
 * rows go with the auth user (cascade).
 */
export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label"),
    recipientName: text("recipient_name").notNull(),
    phone: text("phone"),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    region: text("region"),
    postalCode: text("postal_code").notNull().default(""),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text("country").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("addresses_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("addresses_one_default_per_user")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check("addresses_country_format", sql`${t.country} ~ '^[A-Z]{2}$'`),
    check(
      "addresses_lengths",
      sql`char_length(${t.recipientName}) between 1 and 120
        and char_length(${t.line1}) between 1 and 200
        and char_length(coalesce(${t.line2}, '')) <= 200
        and char_length(${t.city}) between 1 and 100
        and char_length(coalesce(${t.region}, '')) <= 100
        and char_length(${t.postalCode}) <= 20
        and char_length(coalesce(${t.label}, '')) <= 40
        and char_length(coalesce(${t.phone}, '')) <= 30`,
    ),
    pgPolicy("addresses_select_own", {
      for: "select",
      to: authenticatedRole,
      using: sql`${t.userId} = (select auth.uid())`,
    }),
    pgPolicy("addresses_insert_own", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${t.userId} = (select auth.uid())`,
    }),
    pgPolicy("addresses_update_own", {
      for: "update",
      to: authenticatedRole,
      using: sql`${t.userId} = (select auth.uid())`,
      withCheck: sql`${t.userId} = (select auth.uid())`,
    }),
    pgPolicy("addresses_delete_own", {
      for: "delete",
      to: authenticatedRole,
      using: sql`${t.userId} = (select auth.uid())`,
    }),
  ],
).enableRLS();
