import { sql } from "drizzle-orm";
import { boolean, jsonb, pgPolicy, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { anonRole, authenticatedRole } from "drizzle-orm/supabase";

/**
 * Site-wide settings (spec §3 "key-values"). Public rows are readable by anyone (anon and
 * authenticated) and served at /api/key-values; private rows only by system work.
 */
export const keyValues = pgTable(
  "key_values",
  {
    key: text("key").primaryKey(),
    value: jsonb("value").notNull(),
    isPublic: boolean("is_public").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    pgPolicy("key_values_select_public", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: sql`${t.isPublic}`,
    }),
  ],
).enableRLS();
