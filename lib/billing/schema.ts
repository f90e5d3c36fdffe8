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
import { organisations } from "@/lib/organisations/schema";
import { hasPermissionIn } from "@/lib/db/policies";

/**
 * Billing (docs/billing.md): the provider's customers and saved cards mirrored for two kinds
 * of owner (a user, an organisation), the organisation's paid module tiers and what it paid
 * the platform. Exactly one owner per customer and card (check constraints). RLS: a user reads
 * their own rows; an organisation's rows are read with billing.account.read; a user changes
 * (default, remove) their own cards, an organisation's with billing.account.write. Customers,
 * subscriptions and charge outcomes are written by system contexts only (the setup and
 * payment webhooks, the callback, the renewal).
 */
const ownerRead = (userId: unknown, organisationId: unknown) =>
  sql`(${userId} = (select auth.uid()) or (${organisationId} is not null and ${hasPermissionIn(organisationId, "billing.account.read")}))`;
const ownerWrite = (userId: unknown, organisationId: unknown) =>
  sql`(${userId} = (select auth.uid()) or (${organisationId} is not null and ${hasPermissionIn(organisationId, "billing.account.write")}))`;
const oneOwner = (userId: unknown, organisationId: unknown) =>
  sql`(${userId} is null) <> (${organisationId} is null)`;

export const billingCustomers = pgTable(
  "billing_customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    organisationId: uuid("organisation_id").references(() => organisations.id, {
      onDelete: "cascade",
    }),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("billing_customers_one_owner", oneOwner(t.userId, t.organisationId)),
    uniqueIndex("billing_customers_provider_customer").on(t.provider, t.customerId),
    uniqueIndex("billing_customers_user").on(t.userId, t.provider),
    uniqueIndex("billing_customers_organisation").on(t.organisationId, t.provider),
    pgPolicy("billing_customers_select_owner", {
      for: "select",
      to: authenticatedRole,
      using: ownerRead(t.userId, t.organisationId),
    }),
  ],
).enableRLS();

export const billingPaymentMethods = pgTable(
  "billing_payment_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    billingCustomerId: uuid("billing_customer_id")
      .notNull()
      .references(() => billingCustomers.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    organisationId: uuid("organisation_id").references(() => organisations.id, {
      onDelete: "cascade",
    }),
    provider: text("provider").notNull(),
    paymentMethodId: text("payment_method_id").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("billing_payment_methods_one_owner", oneOwner(t.userId, t.organisationId)),
    check(
      "billing_payment_methods_card",
      sql`${t.last4} ~ '^[0-9]{4}$' and ${t.expMonth} between 1 and 12`,
    ),
    uniqueIndex("billing_payment_methods_provider_method").on(t.provider, t.paymentMethodId),
    index("billing_payment_methods_customer_idx").on(t.billingCustomerId, t.createdAt),
    index("billing_payment_methods_user_idx").on(t.userId),
    index("billing_payment_methods_organisation_idx").on(t.organisationId),
    uniqueIndex("billing_payment_methods_one_default")
      .on(t.billingCustomerId)
      .where(sql`${t.isDefault}`),
    pgPolicy("billing_payment_methods_select_owner", {
      for: "select",
      to: authenticatedRole,
      using: ownerRead(t.userId, t.organisationId),
    }),
    pgPolicy("billing_payment_methods_update_owner", {
      for: "update",
      to: authenticatedRole,
      using: ownerWrite(t.userId, t.organisationId),
      withCheck: ownerWrite(t.userId, t.organisationId),
    }),
    pgPolicy("billing_payment_methods_delete_owner", {
      for: "delete",
      to: authenticatedRole,
      using: ownerWrite(t.userId, t.organisationId),
    }),
  ],
).enableRLS();

/** A module's paid tier: one row per organisation and module, renewed monthly. */
export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    module: text("module").notNull(),
    tier: text("tier").notNull(),
    /** active: paid up; lapsed: a renewal failed (free limits); ended: switched off or changed. */
    status: text("status").notNull(),
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("billing_subscriptions_status", sql`${t.status} in ('active', 'lapsed', 'ended')`),
    uniqueIndex("billing_subscriptions_organisation_module").on(t.organisationId, t.module),
    index("billing_subscriptions_due_idx")
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
    pgPolicy("billing_subscriptions_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "billing.account.read")}`,
    }),
  ],
).enableRLS();

/**
 * What an organisation paid (or tried to pay) the platform: one row per charge, created
 * pending before the provider is asked, settled by the payment's webhook event.
 */
export const billingCharges = pgTable(
  "billing_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    module: text("module").notNull(),
    tier: text("tier").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull().default("pending"),
    failureCode: text("failure_code"),
    provider: text("provider").notNull(),
    paymentId: text("payment_id"),
    paymentMethodId: text("payment_method_id"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    check("billing_charges_kind", sql`${t.kind} in ('purchase', 'renewal')`),
    check("billing_charges_status", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check("billing_charges_amount", sql`${t.amountMinor} > 0`),
    index("billing_charges_organisation_idx").on(t.organisationId, t.createdAt),
    index("billing_charges_created_by_idx").on(t.createdBy),
    uniqueIndex("billing_charges_payment").on(t.provider, t.paymentId),
    // One renewal per subscription period, whoever runs the renewal.
    uniqueIndex("billing_charges_one_renewal")
      .on(t.organisationId, t.module, t.periodStart)
      .where(sql`${t.kind} = 'renewal'`),
    pgPolicy("billing_charges_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: sql`${hasPermissionIn(t.organisationId, "billing.account.read")}`,
    }),
    pgPolicy("billing_charges_insert_permitted", {
      for: "insert",
      to: authenticatedRole,
      withCheck: sql`${hasPermissionIn(t.organisationId, "billing.account.write")} and ${t.status} = 'pending' and ${t.kind} = 'purchase' and ${t.createdBy} = (select auth.uid())`,
    }),
  ],
).enableRLS();
