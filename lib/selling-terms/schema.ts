import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { anonRole, authenticatedRole } from "drizzle-orm/supabase";
import { taxClasses } from "@/lib/commerce/catalogue-types";
import { hasPermissionIn, organisationPolicies } from "@/lib/db/policies";
import { orders } from "@/lib/orders/schema";
import { organisations } from "@/lib/organisations/schema";
import { discountKinds } from "./kinds";

/**
 * Selling terms (issue 12 §2, docs/selling-terms.md): what an organisation sets for selling —
 * whether its prices include tax, a rate per tax class, pickup, flat delivery rates — and its
 * discount codes with their redemptions. Part of the `commerce` module.
 *
 * RLS: terms, tax rates and active delivery rates are public (a shop's tax and shipping terms
 * are, like its shipping page); members with commerce.product.read also read inactive rates;
 * writes need commerce.settings.write. Discount codes are secrets: members read them with
 * commerce.product.read and write them with commerce.discount.write; anyone else quotes a code
 * only through app.quote_discount() (migration 0028). Redemptions are read by members and
 * written by checkout, as the system, only.
 */
const permitted = (organisationId: unknown, permission: string) =>
  hasPermissionIn(organisationId, permission);

function settingsWritePolicies(table: string, organisationId: unknown) {
  const rule = permitted(organisationId, "commerce.settings.write");
  return [
    pgPolicy(`${table}_insert_permitted`, {
      for: "insert",
      to: authenticatedRole,
      withCheck: rule,
    }),
    pgPolicy(`${table}_update_permitted`, {
      for: "update",
      to: authenticatedRole,
      using: rule,
      withCheck: rule,
    }),
    pgPolicy(`${table}_delete_permitted`, { for: "delete", to: authenticatedRole, using: rule }),
  ];
}

/** One row per organisation that configured its terms; none = the defaults (loadSellingTerms). */
export const sellingTerms = pgTable(
  "selling_terms",
  {
    organisationId: uuid("organisation_id")
      .primaryKey()
      .references(() => organisations.id, { onDelete: "cascade" }),
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(true),
    pickupEnabled: boolean("pickup_enabled").notNull().default(true),
    pickupNote: text("pickup_note").notNull().default(""),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check("selling_terms_pickup_note_length", sql`char_length(${t.pickupNote}) <= 300`),
    pgPolicy("selling_terms_select_public", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: sql`true`,
    }),
    ...settingsWritePolicies("selling_terms", t.organisationId),
  ],
).enableRLS();

/** The rate of one tax class in basis points (2100 = 21 %); a class without a row is 0 %. */
export const taxRates = pgTable(
  "tax_rates",
  {
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    taxClass: text("tax_class", { enum: taxClasses }).notNull(),
    basisPoints: integer("basis_points").notNull(),
    label: text("label").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.taxClass] }),
    check("tax_rates_basis_points", sql`${t.basisPoints} between 0 and 10000`),
    check("tax_rates_label_length", sql`char_length(${t.label}) <= 40`),
    pgPolicy("tax_rates_select_public", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: sql`true`,
    }),
    ...settingsWritePolicies("tax_rates", t.organisationId),
  ],
).enableRLS();

/** Flat delivery rates: a name and a price (minor units) taxed at a tax class's rate. */
export const deliveryRates = pgTable(
  "delivery_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceMinor: bigint("price_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    taxClass: text("tax_class", { enum: taxClasses }).notNull().default("standard"),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("delivery_rates_organisation_sort_idx").on(t.organisationId, t.sortOrder),
    check("delivery_rates_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("delivery_rates_price", sql`${t.priceMinor} between 0 and 9999999999`),
    check("delivery_rates_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("delivery_rates_sort_order", sql`${t.sortOrder} between 0 and 9999`),
    pgPolicy("delivery_rates_select_active", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: sql`${t.active}`,
    }),
    pgPolicy("delivery_rates_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: permitted(t.organisationId, "commerce.product.read"),
    }),
    ...settingsWritePolicies("delivery_rates", t.organisationId),
  ],
).enableRLS();

/**
 * A discount code: `percent` takes `basis_points` off the goods (1–10000), `fixed` takes
 * `amount_minor` of `currency`. `code` is unique per organisation whatever its case (stored as
 * typed, upper-cased by the back office). `used_count` counts redemptions; checkout increments
 * it with the row locked (redeemDiscount).
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    kind: text("kind", { enum: discountKinds }).notNull(),
    basisPoints: integer("basis_points"),
    amountMinor: bigint("amount_minor", { mode: "number" }),
    currency: text("currency").notNull(),
    minSubtotalMinor: bigint("min_subtotal_minor", { mode: "number" }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    active: boolean("active").notNull().default(true),
    usedCount: integer("used_count").notNull().default(0),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("discount_codes_organisation_code_key").on(t.organisationId, sql`lower(${t.code})`),
    unique("discount_codes_organisation_id_key").on(t.organisationId, t.id),
    index("discount_codes_organisation_created_idx").on(t.organisationId, t.createdAt),
    check("discount_codes_code_format", sql`${t.code} ~ '^[A-Za-z0-9_-]{3,32}$'`),
    check(
      "discount_codes_value",
      sql`(${t.kind} = 'percent' and ${t.basisPoints} between 1 and 10000 and ${t.amountMinor} is null)
        or (${t.kind} = 'fixed' and ${t.amountMinor} between 1 and 9999999999 and ${t.basisPoints} is null)`,
    ),
    check("discount_codes_currency_format", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "discount_codes_min_subtotal",
      sql`${t.minSubtotalMinor} is null or ${t.minSubtotalMinor} between 0 and 9999999999`,
    ),
    check(
      "discount_codes_dates",
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    check(
      "discount_codes_limits",
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usageLimit} >= 1)
        and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1)`,
    ),
    ...organisationPolicies("discount_codes", t.organisationId, {
      read: "commerce.product.read",
      insert: "commerce.discount.write",
      update: "commerce.discount.write",
      delete: "commerce.discount.write",
    }),
  ],
).enableRLS();

/** One use of a code by an order (of the same organisation). One redemption per code per order. */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    discountCodeId: uuid("discount_code_id").notNull(),
    orderId: uuid("order_id").notNull(),
    userId: uuid("user_id").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "discount_redemptions_code_same_organisation_fk",
      columns: [t.organisationId, t.discountCodeId],
      foreignColumns: [discountCodes.organisationId, discountCodes.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "discount_redemptions_order_fk",
      columns: [t.organisationId, t.orderId],
      foreignColumns: [orders.organisationId, orders.id],
    }).onDelete("cascade"),
    unique("discount_redemptions_code_order_key").on(t.discountCodeId, t.orderId),
    index("discount_redemptions_code_user_idx").on(t.discountCodeId, t.userId),
    index("discount_redemptions_organisation_code_idx").on(t.organisationId, t.discountCodeId),
    index("discount_redemptions_organisation_order_idx").on(t.organisationId, t.orderId),
    check("discount_redemptions_amount", sql`${t.amountMinor} >= 0`),
    pgPolicy("discount_redemptions_select_permitted", {
      for: "select",
      to: authenticatedRole,
      using: permitted(t.organisationId, "commerce.product.read"),
    }),
  ],
).enableRLS();
