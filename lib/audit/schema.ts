import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  jsonb,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { authenticatedRole } from "drizzle-orm/supabase";
import { organisations } from "@/lib/organisations/schema";
import { hasPermissionIn } from "@/lib/db/policies";

/**
 * The audit trail: one row per back-office write, written in the same transaction as the
 * write (a rolled-back write leaves no entry). Append-only, and `authenticated` may only read
 * it: a user's entry goes through app.record_audit() (SECURITY DEFINER, migration 0014),
 * which takes the actor from auth.uid(); a trigger refuses every update and delete.
 * Paged by keyset on (created_at, id) descending; each filter has an index that starts with
 * the organisation and ends with that order.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    actorUserId: uuid("actor_user_id"),
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_entries_organisation_created_idx").on(
      t.organisationId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("audit_entries_organisation_actor_idx").on(
      t.organisationId,
      t.actorUserId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("audit_entries_organisation_action_idx").on(
      t.organisationId,
      t.action,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("audit_entries_organisation_resource_idx").on(
      t.organisationId,
      t.resourceType,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    pgPolicy("audit_entries_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "settings.audit.read")}`,
    }),
  ],
).enableRLS();
