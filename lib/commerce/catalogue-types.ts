/**
 * The products vertical's vocabulary (issue 11, domain.md "Catalogue"): shared by the
 * database schema, the back office's forms, the CSV codec and the demo catalogue.
 */
export const productCategories = [
  "electronics",
  "fashion",
  "groceries",
  "books",
  "home",
  "course",
  "flight",
  "car-rental",
] as const;
export type ProductCategory = (typeof productCategories)[number];

export const taxClasses = ["standard", "reduced", "zero", "exempt"] as const;
export type TaxClass = (typeof taxClasses)[number];

/** Attribute types; every type but free text is filterable on the public landing pages. */
export const attributeTypes = [
  "text",
  "number",
  "boolean",
  "date",
  "oneOf",
  "severalOf",
  "colour",
] as const;
export type AttributeType = (typeof attributeTypes)[number];

/**
 * An attribute's value by type: text → string; number → number (with `unit`); boolean →
 * boolean; date → "YYYY-MM-DD"; oneOf → string (one of `choices`); severalOf → string[]
 * (each one of `choices`); colour → "#rrggbb".
 */
export type AttributeValue = string | number | boolean | string[];

export const externalIdTypes = [
  "gtin8",
  "gtin12",
  "gtin13",
  "gtin14",
  "ean",
  "upc",
  "isbn10",
  "isbn13",
  "mpn",
] as const;
export type ExternalIdType = (typeof externalIdTypes)[number];

export const listingStatuses = ["draft", "published", "archived"] as const;
export type ListingStatus = (typeof listingStatuses)[number];

/** Every kind of thing a consumer can find; this issue builds `product`. */
export const listingKinds = [
  "product",
  "event",
  "service",
  "serviceProvider",
  "restaurant",
  "venue",
  "offer",
] as const;
export type ListingKind = (typeof listingKinds)[number];

/** How an offer sets its price (lib/offers/schema.ts, lib/commerce/offer-price.ts). */
export const offerKinds = ["fixed_price", "percentage"] as const;
export type OfferKind = (typeof offerKinds)[number];
