import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organisationPolicies } from "@/lib/db/policies";
import { organisations } from "@/lib/organisations/schema";

export const fileKinds = ["folder", "file"] as const;

/**
 * The organisation's files and folders. The bytes live in the storage adapter under
 * `storage_key`; this row is what the back office lists, moves and renames, and what the
 * quota sums. Names are unique (case-insensitively) within a folder.
 */
export const organisationFiles = pgTable(
  "organisation_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => organisationFiles.id, {
      onDelete: "cascade",
    }),
    kind: text("kind", { enum: fileKinds }).notNull(),
    name: text("name").notNull(),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    contentType: text("content_type"),
    storageKey: text("storage_key"),
    isPublic: boolean("is_public").notNull().default(false),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("organisation_files_name_key").on(
      t.organisationId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    uniqueIndex("organisation_files_storage_key").on(t.storageKey),
    index("organisation_files_parent_idx").on(t.organisationId, t.parentId),
    // Covers the single-column parent foreign key (deleting a folder cascades here).
    index("organisation_files_parent_id_idx").on(t.parentId),
    ...organisationPolicies("organisation_files", t.organisationId, {
      read: "storage.file.read",
      insert: "storage.file.write",
      update: "storage.file.write",
      delete: "storage.file.delete",
    }),
  ],
).enableRLS();
