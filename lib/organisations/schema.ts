import { sql } from "drizzle-orm";
import { index, pgPolicy, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { authenticatedRole } from "drizzle-orm/supabase";

/**
 * Tenants and memberships. Minimal on purpose: the organisations issue adds profile fields,
 * roles and permissions. Policies key on membership through app.is_member(), a SECURITY
 * DEFINER function (migration 0001) that reads employments without RLS, so the policies of
 * employments do not recurse into themselves.
 */
export const organisations = pgTable(
  "organisations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("organisations_slug_key").on(t.slug),
    pgPolicy("organisations_select_member", {
      for: "select",
      to: authenticatedRole,
      using: sql`app.is_member(${t.id})`,
    }),
  ],
).enableRLS();

export const employmentStatuses = ["invited", "active", "suspended", "ended"] as const;
export type EmploymentStatus = (typeof employmentStatuses)[number];

export const employments = pgTable(
  "employments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    role: text("role").notNull(),
    status: text("status", { enum: employmentStatuses }).notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("employments_organisation_user_key").on(t.organisationId, t.userId),
    index("employments_user_idx").on(t.userId),
    pgPolicy("employments_select_own_or_colleague", {
      for: "select",
      to: authenticatedRole,
      using: sql`${t.userId} = auth.uid() or app.is_member(${t.organisationId})`,
    }),
  ],
).enableRLS();
