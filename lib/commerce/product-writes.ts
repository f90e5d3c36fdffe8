import "server-only";
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { CommandContext } from "@/lib/backoffice/doors";
import type { Tx } from "@/lib/db/types";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { listingWriteTags } from "@/lib/listings/cache-tags";
import { listings } from "@/lib/listings/schema";
import { moduleLimits } from "@/lib/modules/catalogue";
import { type OrganisationAccess } from "@/lib/organisations/access";
import type { AttributeType, AttributeValue, ListingStatus } from "./catalogue-types";
import { currencyDigits, toMinorUnits } from "./money";
/**
 * What every product command shares (lib/commerce/products.ts, product-parts.ts,
 * product-status.ts): locking the product's listing with the version the form read, the
 * recomputed price-from, in-stock and version, the audit entry and the answer with the cache
 * tags to expire, the item limit, and the mapping of constraint errors to field messages.
 */

/** What a product write answers: the product's id and version, and the tags to expire. */
export interface ProductWriteResult {
  id: string;
  version: number;
  tags: string[];
}

/** The organisation's products (listings of kind `product`). */
export const productWhere = (organisationId: string) =>
  and(eq(listings.organisationId, organisationId), eq(listings.kind, "product"));

/** Locks the product's listing row and checks the version the form read. */
export async function lockProduct(
  tx: Tx,
  organisationId: string,
  productId: string,
  version?: number,
): Promise<{ version: number; status: ListingStatus; title: string }> {
  const [row] = await tx
    .select({ version: listings.version, status: listings.status, title: listings.title })
    .from(listings)
    .where(and(eq(listings.id, productId), productWhere(organisationId)))
    .for("update");
  if (!row) throw new AppError("notFound");
  if (version !== undefined && row.version !== version) throw new AppError("stale");
  return row;
}

/**
 * Recomputes the listing's price-from and in-stock from its variants, bumps its version
 * and updated time, and answers the new version.
 */
export async function touchProduct(
  tx: Tx,
  organisationId: string,
  productId: string,
): Promise<number> {
  const [row] = await tx
    .update(listings)
    .set({
      version: sql`${listings.version} + 1`,
      priceFromMinor: sql`(select min(v.price_minor) from product_variants v where v.product_id = ${productId} and v.organisation_id = ${organisationId})`,
      inStock: sql`coalesce((select bool_or(not v.track_stock or v.stock > 0) from product_variants v where v.product_id = ${productId} and v.organisation_id = ${organisationId}), false)`,
    })
    .where(and(eq(listings.id, productId), eq(listings.organisationId, organisationId)))
    .returning({ version: listings.version });
  if (!row) throw new AppError("notFound");
  return row.version;
}

export function result(productId: string, version: number): ProductWriteResult {
  return { id: productId, version, tags: listingWriteTags("product", [productId]) };
}

/** An attribute's columns from its form's values. */
export function attributeRow(input: {
  name: string;
  type: AttributeType;
  value: AttributeValue;
  unit: string | null;
  choices: string[] | null;
}) {
  return {
    name: input.name,
    type: input.type,
    value: input.value,
    unit: input.unit,
    choices: input.choices,
  };
}

/**
 * The end of every product write: the listing's price-from, stock and version recomputed,
 * the audit entry recorded, and the answer with the tags to expire.
 */
export async function recordProductWrite(
  tx: Tx,
  audit: CommandContext<unknown>["audit"],
  organisationId: string,
  productId: string,
  entry: Parameters<CommandContext<unknown>["audit"]>[0],
): Promise<ProductWriteResult> {
  const version = await touchProduct(tx, organisationId, productId);
  await audit(entry);
  return result(productId, version);
}

export function slugClash(error: unknown): never {
  if (isUniqueViolation(error, "listings_organisation_kind_slug_key")) {
    throw new AppError("slugTaken", "slug");
  }
  throw error;
}

export function brandMissing(error: unknown): never {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (code === "23503") throw new AppError("notFound", "brandId");
  throw error;
}

/** The free tier's item limit counts products that are not archived. */
export async function checkItemLimit(
  tx: Tx,
  access: OrganisationAccess,
  adding: number,
): Promise<void> {
  const tier = access.modules.get("commerce");
  const limit = tier ? moduleLimits.commerce[tier].items : 0;
  if (limit === null || limit === undefined) return;
  const [row] = await tx
    .select({ n: count() })
    .from(listings)
    .where(and(productWhere(access.organisation.id), ne(listings.status, "archived")));
  if ((row?.n ?? 0) + adding > limit) throw new AppError("limitReached");
}

export function priceOf(text: string, currency: string, field: string): number {
  const minor = toMinorUnits(text, currencyDigits(currency));
  if (minor === null) throw new AppError("amountInvalid", field);
  return minor;
}
