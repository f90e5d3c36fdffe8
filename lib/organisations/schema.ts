import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { authenticatedRole } from "drizzle-orm/supabase";
import { hasPermissionIn, isMemberOf, organisationPolicies } from "@/lib/db/policies";

/**
 * Tenants, memberships, roles and modules. Policies key on membership and permission
 * through two SECURITY DEFINER helpers (migrations 0001 and 0009):
 * - app.is_member(org): the caller has an active employment in org;
 * - app.has_permission(org, perm): that employment's role holds perm (built-in roles through
 *   builtin_role_grants, custom roles through role_permissions).
 * They read employments and roles as the owner, so these policies do not recurse.
 */
export const organisationStatuses = ["active", "suspended"] as const;

export const organisations = pgTable(
  "organisations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    logoFileId: uuid("logo_file_id"),
    phone: text("phone"),
    website: text("website"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    region: text("region"),
    postalCode: text("postal_code"),
    country: text("country").notNull().default("US"),
    timeZone: text("time_zone").notNull().default("UTC"),
    currency: text("currency").notNull().default("USD"),
    locale: text("locale").notNull().default("en"),
    status: text("status", { enum: organisationStatuses }).notNull().default("active"),
    /** Optimistic concurrency: a save names the version it read; a stale save is refused. */
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("organisations_slug_key").on(t.slug),
    // Covers organisations_logo_file_fk (migration 0012) for the linter; the primary key
    // already finds the row, so it stays small: only organisations that have a logo.
    index("organisations_logo_file_idx")
      .on(t.id, t.logoFileId)
      .where(sql`${t.logoFileId} is not null`),
    pgPolicy("organisations_select_member", {
      for: "select",
      to: authenticatedRole,
      using: sql`${isMemberOf(t.id)} or app.is_invited(${t.id})`,
    }),
    pgPolicy("organisations_update_permitted", {
      for: "update",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.id, "settings.organisation.write")}`,
      withCheck: sql`${hasPermissionIn(t.id, "settings.organisation.write")}`,
    }),
  ],
).enableRLS();

export const builtinRoleKeyValues = ["owner", "admin", "manager", "staff", "viewer"] as const;

/**
 * Roles of one organisation: the five built-in ones (created with the organisation, their
 * permissions come from the code's catalogue) and the organisation's custom roles.
 */
export const roles = pgTable(
  "roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    builtinKey: text("builtin_key", { enum: builtinRoleKeyValues }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("roles_organisation_name_key").on(t.organisationId, sql`lower(${t.name})`),
    uniqueIndex("roles_organisation_builtin_key").on(t.organisationId, t.builtinKey),
    pgPolicy("roles_select_member", {
      for: "select",
      to: authenticatedRole,
      using: sql`${isMemberOf(t.organisationId)} or app.is_invited(${t.organisationId})`,
    }),
    pgPolicy("roles_insert_custom", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${t.builtinKey} is null and ${hasPermissionIn(t.organisationId, "settings.role.write")}`,
    }),
    pgPolicy("roles_update_custom", {
      for: "update",
      to: authenticatedRole,
      using: sql`${t.builtinKey} is null and ${hasPermissionIn(t.organisationId, "settings.role.write")}`,
      withCheck: sql`${t.builtinKey} is null and ${hasPermissionIn(t.organisationId, "settings.role.write")}`,
    }),
    pgPolicy("roles_delete_custom", {
      for: "delete",
      to: authenticatedRole,
      using: sql`${t.builtinKey} is null and ${hasPermissionIn(t.organisationId, "settings.role.write")}`,
    }),
  ],
).enableRLS();

/** The permissions of custom roles (built-in roles take theirs from builtin_role_grants). */
export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    permission: text("permission").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permission] }),
    // Covers both the organisation foreign key and role_permissions_role_same_organisation_fk.
    index("role_permissions_organisation_role_idx").on(t.organisationId, t.roleId),
    pgPolicy("role_permissions_select_member", {
      for: "select",
      to: authenticatedRole,
      using: sql`${isMemberOf(t.organisationId)}`,
    }),
    pgPolicy("role_permissions_insert_custom", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${hasPermissionIn(t.organisationId, "settings.role.write")} and exists (select 1 from public.roles r where r.id = ${t.roleId} and r.organisation_id = ${t.organisationId} and r.builtin_key is null)`,
    }),
    pgPolicy("role_permissions_delete_custom", {
      for: "delete",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "settings.role.write")} and exists (select 1 from public.roles r where r.id = ${t.roleId} and r.organisation_id = ${t.organisationId} and r.builtin_key is null)`,
    }),
  ],
).enableRLS();

/**
 * What the built-in roles hold: a copy of the code's permission catalogue
 * (lib/permissions/catalogue.ts), rewritten whenever migrations run, read by
 * app.has_permission(). Readable by everyone signed in (it is the product's catalogue).
 */
export const builtinRoleGrants = pgTable(
  "builtin_role_grants",
  {
    roleKey: text("role_key", { enum: builtinRoleKeyValues }).notNull(),
    permission: text("permission").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleKey, t.permission] }),
    pgPolicy("builtin_role_grants_select_all", {
      for: "select",
      to: authenticatedRole,
      using: sql`true`,
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
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id),
    status: text("status", { enum: employmentStatuses }).notNull().default("active"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("employments_organisation_user_key").on(t.organisationId, t.userId),
    index("employments_user_idx").on(t.userId),
    index("employments_organisation_status_idx").on(t.organisationId, t.status, t.createdAt),
    index("employments_role_idx").on(t.roleId),
    // Covers employments_role_same_organisation_fk (migration 0012).
    index("employments_organisation_role_idx").on(t.organisationId, t.roleId),
    pgPolicy("employments_select_own_or_colleague", {
      for: "select",
      to: authenticatedRole,
      using: sql`${t.userId} = (select auth.uid()) or ${isMemberOf(t.organisationId)}`,
    }),
    pgPolicy("employments_insert_permitted_or_invited", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${hasPermissionIn(t.organisationId, "people.employment.write")} or (${t.userId} = (select auth.uid()) and app.is_invited_as(${t.organisationId}, ${t.roleId}))`,
    }),
    pgPolicy("employments_update_permitted_or_invited", {
      for: "update",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "people.employment.write")} or (${t.userId} = (select auth.uid()) and app.is_invited(${t.organisationId}))`,
      withCheck: sql`${hasPermissionIn(t.organisationId, "people.employment.write")} or (${t.userId} = (select auth.uid()) and app.is_invited_as(${t.organisationId}, ${t.roleId}))`,
    }),
  ],
).enableRLS();

export const invitationStatuses = [
  "pending",
  "accepted",
  "declined",
  "revoked",
  "expired",
] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/**
 * An invitation to join an organisation (domain.md: email, role, 7-day expiry). The invitee
 * reads it by their verified email (the token's `email` claim) and answers it; a pending one
 * past its expiry counts as expired wherever it is read.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    status: text("status", { enum: invitationStatuses }).notNull().default("pending"),
    invitedBy: uuid("invited_by").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    sendCount: integer("send_count").notNull().default(1),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    respondedBy: uuid("responded_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invitations_pending_email_key")
      .on(t.organisationId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index("invitations_organisation_status_idx").on(t.organisationId, t.status, t.createdAt),
    index("invitations_email_idx").on(sql`lower(${t.email})`),
    // Cover the role foreign keys (a role's deletion cascades here).
    index("invitations_role_idx").on(t.roleId),
    index("invitations_organisation_role_idx").on(t.organisationId, t.roleId),
    pgPolicy("invitations_select_permitted_or_invitee", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "people.invitation.read")} or lower(${t.email}) = app.jwt_email()`,
    }),
    pgPolicy("invitations_insert_permitted", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${hasPermissionIn(t.organisationId, "people.invitation.write")}`,
    }),
    pgPolicy("invitations_update_permitted_or_invitee", {
      for: "update",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "people.invitation.write")} or (lower(${t.email}) = app.jwt_email() and ${t.status} = 'pending')`,
      withCheck: sql`${hasPermissionIn(t.organisationId, "people.invitation.write")} or (lower(${t.email}) = app.jwt_email() and ${t.status} in ('accepted', 'declined'))`,
    }),
  ],
).enableRLS();

/**
 * Modules switched on per organisation, with a tier. A row that is disabled keeps its
 * history (when it was on, at which tier).
 */
export const organisationModules = pgTable(
  "organisation_modules",
  {
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    module: text("module").notNull(),
    tier: text("tier").notNull().default("free"),
    enabled: boolean("enabled").notNull().default(true),
    enabledAt: timestamp("enabled_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.module] }),
    pgPolicy("organisation_modules_select_member", {
      for: "select",
      to: authenticatedRole,
      using: sql`${isMemberOf(t.organisationId)}`,
    }),
    pgPolicy("organisation_modules_insert_permitted", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${hasPermissionIn(t.organisationId, "settings.module.write")}`,
    }),
    pgPolicy("organisation_modules_update_permitted", {
      for: "update",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "settings.module.write")}`,
      withCheck: sql`${hasPermissionIn(t.organisationId, "settings.module.write")}`,
    }),
  ],
).enableRLS();

/**
 * Contact emails of an organisation. One is used (shown, written to) only once its
 * verification link has been followed (verified_at set). The token is stored hashed.
 */
export const organisationContactEmails = pgTable(
  "organisation_contact_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    label: text("label").notNull().default(""),
    isPrimary: boolean("is_primary").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("organisation_contact_emails_email_key").on(
      t.organisationId,
      sql`lower(${t.email})`,
    ),
    uniqueIndex("organisation_contact_emails_token_key").on(t.tokenHash),
    ...organisationPolicies("organisation_contact_emails", t.organisationId, {
      read: "member",
      insert: "settings.contact.write",
      update: "settings.contact.write",
      delete: "settings.contact.write",
    }),
  ],
).enableRLS();

/** Questions and answers shown on the organisation's public pages, in `position` order. */
export const organisationFaqs = pgTable(
  "organisation_faqs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    position: integer("position").notNull(),
    /** Bumped by every edit: a save from an older read is stale. Moves leave it alone. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("organisation_faqs_organisation_position_idx").on(t.organisationId, t.position),
    ...organisationPolicies("organisation_faqs", t.organisationId, {
      read: "member",
      insert: "settings.faq.write",
      update: "settings.faq.write",
      delete: "settings.faq.write",
    }),
  ],
).enableRLS();
