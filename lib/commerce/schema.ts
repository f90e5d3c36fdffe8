import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { anonRole, authenticatedRole } from "drizzle-orm/supabase";
import { organisationPolicies } from "@/lib/db/policies";
import { organisations } from "@/lib/organisations/schema";
import {
  attributeTypes,
  externalIdTypes,
  taxClasses,
  type AttributeValue,
} from "./catalogue-types";

/**
 * The products vertical (module `commerce`). A product is a listing of kind `product`
 * (lib/listings/schema.ts) plus this module's rows, joined on the listing's id. Every row
 * names its organisation; composite foreign keys over (organisation_id, id) keep a product's
 * parts inside one organisation (migration 0017). Published products' parts are readable by
 * anyone through `*_select_published` policies, which look at the listing's status.
 */

/** A product's option definitions, in order: the names and the values its variants combine. */
export type ProductOptions = { name: string; values: string[] }[];

const publishedProduct = (productId: AnyPgColumn) =>
  sql`exists (select 1 from listings l where l.id = ${productId} and l.status = 'published')`;

export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    website: text("website"),
    logoFileId: uuid("logo_file_id"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("brands_organisation_name_key").on(t.organisationId, sql`lower(${t.name})`),
    index("brands_logo_file_idx")
      .on(t.organisationId, t.logoFileId)
      .where(sql`${t.logoFileId} is not null`),
    check("brands_name_length", sql`length(${t.name}) between 1 and 120`),
    ...organisationPolicies("brands", t.organisationId, {
      read: "commerce.product.read",
      insert: "commerce.brand.write",
      update: "commerce.brand.write",
      delete: "commerce.brand.write",
    }),
    pgPolicy("brands_select_published", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: sql`exists (select 1 from products p join listings l on l.id = p.listing_id
        where p.brand_id = ${t.id} and l.status = 'published')`,
    }),
  ],
).enableRLS();

export const products = pgTable(
  "products",
  {
    /** The listing's id: one product per listing of kind `product`. */
    listingId: uuid("listing_id").primaryKey(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id"),
    taxClass: text("tax_class", { enum: taxClasses }).notNull().default("standard"),
    options: jsonb("options").$type<ProductOptions>().notNull().default([]),
  },
  (t) => [
    index("products_organisation_brand_idx").on(t.organisationId, t.brandId),
    // Covers products_listing_same_organisation_fk (organisation_id, listing_id).
    uniqueIndex("products_organisation_listing_key").on(t.organisationId, t.listingId),
    ...organisationPolicies("products", t.organisationId, {
      read: "commerce.product.read",
      insert: "commerce.product.write",
      update: "commerce.product.write",
      delete: "commerce.product.write",
    }),
    pgPolicy("products_select_published", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: publishedProduct(t.listingId),
    }),
  ],
).enableRLS();

export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull(),
    /** One value per product option, in the options' order; empty for a product without options. */
    optionValues: text("option_values")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sku: text("sku"),
    priceMinor: bigint("price_minor", { mode: "number" }).notNull(),
    compareAtMinor: bigint("compare_at_minor", { mode: "number" }),
    trackStock: boolean("track_stock").notNull().default(true),
    stock: integer("stock"),
    imageFileId: uuid("image_file_id"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_variants_combination_key").on(t.productId, t.optionValues),
    uniqueIndex("product_variants_sku_key")
      .on(t.organisationId, sql`lower(${t.sku})`)
      .where(sql`${t.sku} is not null`),
    index("product_variants_organisation_product_idx").on(t.organisationId, t.productId),
    index("product_variants_image_file_idx")
      .on(t.organisationId, t.imageFileId)
      .where(sql`${t.imageFileId} is not null`),
    check("product_variants_price", sql`${t.priceMinor} between 0 and 9999999999`),
    check(
      "product_variants_compare_at",
      sql`${t.compareAtMinor} is null or ${t.compareAtMinor} > ${t.priceMinor}`,
    ),
    check(
      "product_variants_stock",
      sql`(${t.trackStock} and ${t.stock} is not null and ${t.stock} >= 0) or (not ${t.trackStock} and ${t.stock} is null)`,
    ),
    ...organisationPolicies("product_variants", t.organisationId, {
      read: "commerce.product.read",
      insert: "commerce.product.write",
      update: "commerce.product.write",
      delete: "commerce.product.write",
    }),
    pgPolicy("product_variants_select_published", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: publishedProduct(t.productId),
    }),
  ],
).enableRLS();

export const productAttributes = pgTable(
  "product_attributes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull(),
    name: text("name").notNull(),
    type: text("type", { enum: attributeTypes }).notNull(),
    value: jsonb("value").$type<AttributeValue>().notNull(),
    unit: text("unit"),
    /** The allowed values of a oneOf / severalOf attribute. */
    choices: text("choices").array(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_attributes_name_key").on(t.productId, sql`lower(${t.name})`),
    index("product_attributes_organisation_product_idx").on(t.organisationId, t.productId),
    // The landing pages' attribute filters: products of a category with this name and value.
    index("product_attributes_filter_idx").on(sql`lower(${t.name})`, t.type),
    check("product_attributes_name_length", sql`length(${t.name}) between 1 and 60`),
    ...organisationPolicies("product_attributes", t.organisationId, {
      read: "commerce.product.read",
      insert: "commerce.product.write",
      update: "commerce.product.write",
      delete: "commerce.product.write",
    }),
    pgPolicy("product_attributes_select_published", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: publishedProduct(t.productId),
    }),
  ],
).enableRLS();

export const productExternalIds = pgTable(
  "product_external_ids",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull(),
    type: text("type", { enum: externalIdTypes }).notNull(),
    value: text("value").notNull(),
    /** What makes two ids the same (lib/commerce/identifiers.ts): GTIN family as 14 digits. */
    matchKey: text("match_key").notNull(),
    /** The product is not archived; kept by the trigger listings_external_ids_live (0017). */
    live: boolean("live").notNull().default(true),
  },
  (t) => [
    uniqueIndex("product_external_ids_live_key")
      .on(t.organisationId, t.matchKey)
      .where(sql`${t.live}`),
    index("product_external_ids_organisation_product_idx").on(t.organisationId, t.productId),
    ...organisationPolicies("product_external_ids", t.organisationId, {
      read: "commerce.product.read",
      insert: "commerce.product.write",
      update: "commerce.product.write",
      delete: "commerce.product.write",
    }),
    pgPolicy("product_external_ids_select_published", {
      for: "select",
      to: [anonRole, authenticatedRole],
      using: publishedProduct(t.productId),
    }),
  ],
).enableRLS();
