import "server-only";
import { and, asc, count, desc, eq, ilike, inArray, lte, ne, or, sql } from "drizzle-orm";
import { clampPage, pageOffset } from "@/components/ui/data-table/pager";
import type { SortDirection } from "@/components/ui/data-table/params";
import type { CommandConfig, CommandContext } from "@/lib/backoffice/doors";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { listingWriteTags } from "@/lib/listings/cache-tags";
import { missingForPublish, type PublishCheck } from "@/lib/listings/publish-checks";
import { listings } from "@/lib/listings/schema";
import { moduleLimits } from "@/lib/modules/catalogue";
import { isUuid, type OrganisationAccess } from "@/lib/organisations/access";
import { catalogueReader, escapeLike } from "./brands";
import type {
  AttributeType,
  AttributeValue,
  ExternalIdType,
  ListingStatus,
  ProductCategory,
  TaxClass,
} from "./catalogue-types";
import { validateExternalId } from "./identifiers";
import type { ProductSort } from "./list-params";
import { currencyDigits, toMinorUnits } from "./money";
import {
  attributeSchema,
  bulkStatusSchema,
  createProductSchema,
  deleteAttributeSchema,
  deleteExternalIdSchema,
  externalIdSchema,
  productRefSchema,
  slugifyTitle,
  updateAttributeSchema,
  updateExternalIdSchema,
  updateProductSchema,
  variantsSchema,
  type ProductStatusAction,
} from "./product-schema";
import {
  brands,
  productAttributes,
  productExternalIds,
  products,
  productVariants,
  type ProductOptions,
} from "./schema";

/**
 * Products in the back office (module `commerce`): the list, one product with its parts,
 * the overview, and the commands. A product is a listing of kind `product` plus its module
 * rows; every command runs in one user transaction (RLS applies), checks the organisation
 * in its queries, bumps the listing's version where the product form could be stale, keeps
 * the listing's price-from and in-stock columns, records an audit entry, and answers the
 * cache tags the action expires (lib/listings/cache-tags.ts).
 */

export interface ProductSummary {
  id: string;
  title: string;
  slug: string;
  status: ListingStatus;
  category: ProductCategory;
  brandName: string | null;
  priceFromMinor: number | null;
  currency: string;
  variants: number;
  /** Units in stock over tracked variants; null when no variant tracks stock. */
  stock: number | null;
  updatedAt: Date;
}

export interface ProductVariantView {
  id: string;
  optionValues: string[];
  sku: string | null;
  priceMinor: number;
  compareAtMinor: number | null;
  trackStock: boolean;
  stock: number | null;
}

export interface ProductAttributeView {
  id: string;
  name: string;
  type: AttributeType;
  value: AttributeValue;
  unit: string | null;
  choices: string[] | null;
}

export interface ProductExternalIdView {
  id: string;
  type: ExternalIdType;
  value: string;
}

export interface ProductDetail {
  id: string;
  title: string;
  slug: string;
  summary: string;
  description: string;
  category: ProductCategory;
  tags: string[];
  status: ListingStatus;
  currency: string;
  priceFromMinor: number | null;
  version: number;
  updatedAt: Date;
  publishedAt: Date | null;
  brandId: string | null;
  brandName: string | null;
  taxClass: TaxClass;
  options: ProductOptions;
  variants: ProductVariantView[];
  attributes: ProductAttributeView[];
  externalIds: ProductExternalIdView[];
  missing: PublishCheck[];
}

/** What a product write answers: the product's id and version, and the tags to expire. */
export interface ProductWriteResult {
  id: string;
  version: number;
  tags: string[];
}

const productWhere = (organisationId: string) =>
  and(eq(listings.organisationId, organisationId), eq(listings.kind, "product"));

/**
 * The back office's reads: the organisation's products for a member who may read them.
 * Published products are readable by anyone under RLS, so the permission is asked here too:
 * another organisation's member sees nothing of this organisation in its back office.
 */
const backOfficeWhere = (organisationId: string) =>
  and(productWhere(organisationId), catalogueReader(organisationId));

const stockSum = sql<
  number | null
>`(select sum(v.stock)::int from product_variants v where v.product_id = ${listings.id} and v.organisation_id = ${listings.organisationId} and v.track_stock)`;
const variantCount = sql<number>`(select count(*)::int from product_variants v where v.product_id = ${listings.id} and v.organisation_id = ${listings.organisationId})`;

const sortColumns = {
  title: listings.title,
  updated: listings.updatedAt,
  price: listings.priceFromMinor,
  stock: stockSum,
} as const;

export interface ProductListQuery {
  page: number;
  size: number;
  sort: ProductSort;
  dir: SortDirection;
  q?: string;
  status?: ListingStatus | null;
  category?: ProductCategory | null;
}

export async function listProducts(
  claims: UserClaims,
  organisationId: string,
  query: ProductListQuery,
): Promise<{ rows: ProductSummary[]; total: number; page: number }> {
  if (!isUuid(organisationId)) return { rows: [], total: 0, page: 1 };
  const order = query.dir === "desc" ? desc : asc;
  return withUserContext(claims, async (tx) => {
    const search = query.q?.trim();
    const where = and(
      backOfficeWhere(organisationId),
      query.status ? eq(listings.status, query.status) : undefined,
      query.category ? eq(listings.category, query.category) : undefined,
      search
        ? or(
            ilike(listings.title, `%${escapeLike(search)}%`),
            ilike(listings.slug, `%${escapeLike(search)}%`),
          )
        : undefined,
    );
    const [totals] = await tx.select({ n: count() }).from(listings).where(where);
    const total = totals?.n ?? 0;
    const page = clampPage(query.page, total, query.size);
    const rows = await tx
      .select({
        id: listings.id,
        title: listings.title,
        slug: listings.slug,
        status: listings.status,
        category: listings.category,
        brandName: brands.name,
        priceFromMinor: listings.priceFromMinor,
        currency: listings.currency,
        variants: variantCount,
        stock: stockSum,
        updatedAt: listings.updatedAt,
      })
      .from(listings)
      .innerJoin(products, eq(products.listingId, listings.id))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(order(sortColumns[query.sort]), asc(listings.id))
      .limit(query.size)
      .offset(pageOffset(page, query.size));
    return {
      rows: rows.map((r) => ({ ...r, category: r.category as ProductCategory })),
      total,
      page,
    };
  });
}

async function readProduct(
  tx: Tx,
  organisationId: string,
  productId: string,
): Promise<ProductDetail | null> {
  const [row] = await tx
    .select({
      id: listings.id,
      title: listings.title,
      slug: listings.slug,
      summary: listings.summary,
      description: listings.description,
      category: listings.category,
      tags: listings.tags,
      status: listings.status,
      currency: listings.currency,
      priceFromMinor: listings.priceFromMinor,
      version: listings.version,
      updatedAt: listings.updatedAt,
      publishedAt: listings.publishedAt,
      brandId: products.brandId,
      brandName: brands.name,
      taxClass: products.taxClass,
      options: products.options,
    })
    .from(listings)
    .innerJoin(products, eq(products.listingId, listings.id))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(listings.id, productId), backOfficeWhere(organisationId)));
  if (!row) return null;
  const [variants, attributes, externalIds] = await Promise.all([
    tx
      .select({
        id: productVariants.id,
        optionValues: productVariants.optionValues,
        sku: productVariants.sku,
        priceMinor: productVariants.priceMinor,
        compareAtMinor: productVariants.compareAtMinor,
        trackStock: productVariants.trackStock,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.productId, productId),
          eq(productVariants.organisationId, organisationId),
        ),
      )
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    tx
      .select({
        id: productAttributes.id,
        name: productAttributes.name,
        type: productAttributes.type,
        value: productAttributes.value,
        unit: productAttributes.unit,
        choices: productAttributes.choices,
      })
      .from(productAttributes)
      .where(
        and(
          eq(productAttributes.productId, productId),
          eq(productAttributes.organisationId, organisationId),
        ),
      )
      .orderBy(asc(productAttributes.position), asc(productAttributes.name)),
    tx
      .select({
        id: productExternalIds.id,
        type: productExternalIds.type,
        value: productExternalIds.value,
      })
      .from(productExternalIds)
      .where(
        and(
          eq(productExternalIds.productId, productId),
          eq(productExternalIds.organisationId, organisationId),
        ),
      )
      .orderBy(asc(productExternalIds.type), asc(productExternalIds.value)),
  ]);
  return {
    ...row,
    category: row.category as ProductCategory,
    variants,
    attributes,
    externalIds,
    missing: missingForPublish(row),
  };
}

export async function getProduct(
  claims: UserClaims,
  organisationId: string,
  productId: string,
): Promise<ProductDetail | null> {
  if (!isUuid(organisationId) || !isUuid(productId)) return null;
  return withUserContext(claims, (tx) => readProduct(tx, organisationId, productId));
}

export interface CommerceOverview {
  counts: Record<ListingStatus, number>;
  brands: number;
  recent: { id: string; title: string; status: ListingStatus; updatedAt: Date }[];
  drafts: { id: string; title: string; updatedAt: Date }[];
  lowStock: { id: string; title: string; optionValues: string[]; stock: number }[];
}

/** Stock at or below this shows on the overview's "low stock" list. */
export const LOW_STOCK = 5;

export async function commerceOverview(
  claims: UserClaims,
  organisationId: string,
): Promise<CommerceOverview> {
  if (!isUuid(organisationId)) {
    return {
      counts: { draft: 0, published: 0, archived: 0 },
      brands: 0,
      recent: [],
      drafts: [],
      lowStock: [],
    };
  }
  return withUserContext(claims, async (tx) => {
    const where = backOfficeWhere(organisationId);
    const [byStatus, brandCount, recent, drafts, lowStock] = await Promise.all([
      tx
        .select({ status: listings.status, n: count() })
        .from(listings)
        .where(where)
        .groupBy(listings.status),
      tx
        .select({ n: count() })
        .from(brands)
        .where(and(eq(brands.organisationId, organisationId), catalogueReader(organisationId))),
      tx
        .select({
          id: listings.id,
          title: listings.title,
          status: listings.status,
          updatedAt: listings.updatedAt,
        })
        .from(listings)
        .where(where)
        .orderBy(desc(listings.updatedAt))
        .limit(5),
      tx
        .select({ id: listings.id, title: listings.title, updatedAt: listings.updatedAt })
        .from(listings)
        .where(and(where, eq(listings.status, "draft")))
        .orderBy(desc(listings.updatedAt))
        .limit(5),
      tx
        .select({
          id: listings.id,
          title: listings.title,
          optionValues: productVariants.optionValues,
          stock: sql<number>`${productVariants.stock}`,
        })
        .from(productVariants)
        .innerJoin(listings, eq(listings.id, productVariants.productId))
        .where(
          and(
            eq(productVariants.organisationId, organisationId),
            catalogueReader(organisationId),
            eq(productVariants.trackStock, true),
            lte(productVariants.stock, LOW_STOCK),
            ne(listings.status, "archived"),
          ),
        )
        .orderBy(asc(productVariants.stock), asc(listings.title))
        .limit(10),
    ]);
    const counts: Record<ListingStatus, number> = { draft: 0, published: 0, archived: 0 };
    for (const { status, n } of byStatus) counts[status] = n;
    return { counts, brands: brandCount[0]?.n ?? 0, recent, drafts, lowStock };
  });
}

// ── Commands ───────────────────────────────────────────────────────────────────────────

/** Locks the product's listing row and checks the version the form read. */
async function lockProduct(
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
async function touchProduct(tx: Tx, organisationId: string, productId: string): Promise<number> {
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

function result(productId: string, version: number): ProductWriteResult {
  return { id: productId, version, tags: listingWriteTags("product", [productId]) };
}

/** An attribute's columns from its form's values. */
function attributeRow(input: {
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
async function recordProductWrite(
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

function slugClash(error: unknown): never {
  if (isUniqueViolation(error, "listings_organisation_kind_slug_key")) {
    throw new AppError("slugTaken", "slug");
  }
  throw error;
}

function brandMissing(error: unknown): never {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (code === "23503") throw new AppError("notFound", "brandId");
  throw error;
}

/** The free tier's item limit counts products that are not archived. */
async function checkItemLimit(tx: Tx, access: OrganisationAccess, adding: number): Promise<void> {
  const tier = access.modules.get("commerce");
  const limit = tier ? moduleLimits.commerce[tier].items : 0;
  if (limit === null || limit === undefined) return;
  const [row] = await tx
    .select({ n: count() })
    .from(listings)
    .where(and(productWhere(access.organisation.id), ne(listings.status, "archived")));
  if ((row?.n ?? 0) + adding > limit) throw new AppError("limitReached");
}

function priceOf(text: string, currency: string, field: string): number {
  const minor = toMinorUnits(text, currencyDigits(currency));
  if (minor === null) throw new AppError("amountInvalid", field);
  return minor;
}

export const createProductCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: createProductSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await checkItemLimit(tx, access, 1);
    const currency = access.organisation.currency;
    const priceMinor = priceOf(input.price, currency, "price");
    const slug = input.slug || slugifyTitle(input.title) || "product";
    const [listing] = await tx
      .insert(listings)
      .values({
        organisationId,
        kind: "product",
        slug,
        title: input.title,
        summary: input.summary,
        description: input.description,
        category: input.category,
        tags: input.tags,
        currency,
        createdBy: access.userId,
      })
      .returning({ id: listings.id })
      .catch(slugClash);
    if (!listing) throw new Error("The product was not created.");
    await tx
      .insert(products)
      .values({
        listingId: listing.id,
        organisationId,
        brandId: input.brandId,
        taxClass: input.taxClass,
      })
      .catch(brandMissing);
    await tx.insert(productVariants).values({
      organisationId,
      productId: listing.id,
      priceMinor,
      trackStock: false,
    });
    return recordProductWrite(tx, audit, organisationId, listing.id, {
      action: "commerce.product.create",
      resourceType: "product",
      resourceId: listing.id,
      after: { ...input, slug, price: priceMinor },
    });
  },
} satisfies CommandConfig<typeof createProductSchema, ProductWriteResult>;

export const updateProductCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: updateProductSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId, input.version);
    const before = await readProduct(tx, organisationId, input.productId);
    const slug = input.slug || slugifyTitle(input.title) || "product";
    await tx
      .update(listings)
      .set({
        slug,
        title: input.title,
        summary: input.summary,
        description: input.description,
        category: input.category,
        tags: input.tags,
      })
      .where(and(eq(listings.id, input.productId), eq(listings.organisationId, organisationId)))
      .catch(slugClash);
    await tx
      .update(products)
      .set({ brandId: input.brandId, taxClass: input.taxClass })
      .where(
        and(eq(products.listingId, input.productId), eq(products.organisationId, organisationId)),
      )
      .catch(brandMissing);
    return recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.product.update",
      resourceType: "product",
      resourceId: input.productId,
      before: before
        ? {
            title: before.title,
            slug: before.slug,
            summary: before.summary,
            description: before.description,
            category: before.category,
            tags: before.tags,
            brandId: before.brandId,
            taxClass: before.taxClass,
          }
        : null,
      after: {
        title: input.title,
        slug,
        summary: input.summary,
        description: input.description,
        category: input.category,
        tags: input.tags,
        brandId: input.brandId,
        taxClass: input.taxClass,
      },
    });
  },
} satisfies CommandConfig<typeof updateProductSchema, ProductWriteResult>;

export const saveVariantsCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: variantsSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const productId = input.productId;
    await lockProduct(tx, organisationId, productId, input.version);
    const currency = access.organisation.currency;
    const existing = await tx
      .select({
        id: productVariants.id,
        optionValues: productVariants.optionValues,
        sku: productVariants.sku,
        priceMinor: productVariants.priceMinor,
        compareAtMinor: productVariants.compareAtMinor,
        trackStock: productVariants.trackStock,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.productId, productId),
          eq(productVariants.organisationId, organisationId),
        ),
      );
    const keyOf = (values: readonly string[]) => JSON.stringify(values);
    const byKey = new Map(existing.map((v) => [keyOf(v.optionValues), v]));
    const wanted = input.variants.map((variant, position) => ({
      position,
      optionValues: variant.optionValues,
      sku: variant.sku,
      priceMinor: priceOf(variant.price, currency, `variants.${position}.price`),
      compareAtMinor:
        variant.compareAt === null
          ? null
          : priceOf(variant.compareAt, currency, `variants.${position}.compareAt`),
      trackStock: variant.trackStock,
      stock: variant.trackStock ? variant.stock : null,
    }));
    const keep = new Set(wanted.map((v) => keyOf(v.optionValues)));
    const removed = existing.filter((v) => !keep.has(keyOf(v.optionValues)));
    if (removed.length) {
      await tx.delete(productVariants).where(
        and(
          eq(productVariants.organisationId, organisationId),
          inArray(
            productVariants.id,
            removed.map((v) => v.id),
          ),
        ),
      );
    }
    // SKUs move between variants in one save: clear the kept ones first, then write.
    await tx
      .update(productVariants)
      .set({ sku: null })
      .where(
        and(
          eq(productVariants.productId, productId),
          eq(productVariants.organisationId, organisationId),
        ),
      );
    for (const variant of wanted) {
      const current = byKey.get(keyOf(variant.optionValues));
      const write = current
        ? tx
            .update(productVariants)
            .set(variant)
            .where(
              and(
                eq(productVariants.id, current.id),
                eq(productVariants.organisationId, organisationId),
              ),
            )
        : tx.insert(productVariants).values({ ...variant, organisationId, productId });
      await write.catch((error: unknown) => {
        if (isUniqueViolation(error, "product_variants_sku_key")) {
          throw new AppError("skuTaken", `variants.${variant.position}.sku`);
        }
        throw error;
      });
    }
    await tx
      .update(products)
      .set({ options: input.options })
      .where(and(eq(products.listingId, productId), eq(products.organisationId, organisationId)));
    return recordProductWrite(tx, audit, organisationId, productId, {
      action: "commerce.variant.update",
      resourceType: "product",
      resourceId: productId,
      before: { variants: existing.map(({ id: _id, ...v }) => v) },
      after: { options: input.options, variants: wanted },
    });
  },
} satisfies CommandConfig<typeof variantsSchema, ProductWriteResult>;

// ── Attributes ─────────────────────────────────────────────────────────────────────────

function attributeClash(error: unknown): never {
  if (isUniqueViolation(error, "product_attributes_name_key")) {
    throw new AppError("nameTaken", "name");
  }
  throw error;
}

async function findAttribute(tx: Tx, organisationId: string, productId: string, name: string) {
  const [row] = await tx
    .select({
      id: productAttributes.id,
      name: productAttributes.name,
      type: productAttributes.type,
      value: productAttributes.value,
      unit: productAttributes.unit,
      choices: productAttributes.choices,
    })
    .from(productAttributes)
    .where(
      and(
        eq(productAttributes.productId, productId),
        eq(productAttributes.organisationId, organisationId),
        sql`lower(${productAttributes.name}) = lower(${name})`,
      ),
    );
  if (!row) throw new AppError("notFound");
  return row;
}

export const createAttributeCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: attributeSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const [position] = await tx
      .select({ n: count() })
      .from(productAttributes)
      .where(
        and(
          eq(productAttributes.productId, input.productId),
          eq(productAttributes.organisationId, organisationId),
        ),
      );
    const values = attributeRow(input);
    await tx
      .insert(productAttributes)
      .values({ ...values, organisationId, productId: input.productId, position: position?.n ?? 0 })
      .catch(attributeClash);
    const written = await recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.attribute.create",
      resourceType: "product",
      resourceId: input.productId,
      after: values,
    });
    return { ...written, name: input.name };
  },
} satisfies CommandConfig<typeof attributeSchema, ProductWriteResult & { name: string }>;

export const updateAttributeCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: updateAttributeSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const { id, ...before } = await findAttribute(
      tx,
      organisationId,
      input.productId,
      input.attributeName,
    );
    const values = attributeRow(input);
    await tx
      .update(productAttributes)
      .set(values)
      .where(
        and(eq(productAttributes.id, id), eq(productAttributes.organisationId, organisationId)),
      )
      .catch(attributeClash);
    const written = await recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.attribute.update",
      resourceType: "product",
      resourceId: input.productId,
      before,
      after: values,
    });
    return { ...written, name: input.name };
  },
} satisfies CommandConfig<typeof updateAttributeSchema, ProductWriteResult & { name: string }>;

export const deleteAttributeCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: deleteAttributeSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const { id, ...before } = await findAttribute(
      tx,
      organisationId,
      input.productId,
      input.attributeName,
    );
    await tx
      .delete(productAttributes)
      .where(
        and(eq(productAttributes.id, id), eq(productAttributes.organisationId, organisationId)),
      );
    return recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.attribute.delete",
      resourceType: "product",
      resourceId: input.productId,
      before,
    });
  },
} satisfies CommandConfig<typeof deleteAttributeSchema, ProductWriteResult>;

// ── External identifications ───────────────────────────────────────────────────────────

function checkedExternalId(type: ExternalIdType, raw: string) {
  const checked = validateExternalId(type, raw);
  if (!checked.ok) {
    throw new AppError(
      checked.reason === "checkDigit" ? "externalIdCheckDigit" : "externalIdFormat",
      "value",
    );
  }
  return checked;
}

function externalIdClash(error: unknown): never {
  if (isUniqueViolation(error, "product_external_ids_live_key")) {
    throw new AppError("externalIdTaken", "value");
  }
  throw error;
}

export const createExternalIdCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: externalIdSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const product = await lockProduct(tx, organisationId, input.productId);
    const checked = checkedExternalId(input.type, input.value);
    const [created] = await tx
      .insert(productExternalIds)
      .values({
        organisationId,
        productId: input.productId,
        type: input.type,
        value: checked.value,
        matchKey: checked.matchKey,
        live: product.status !== "archived",
      })
      .returning({ id: productExternalIds.id })
      .catch(externalIdClash);
    if (!created) throw new Error("The identification was not created.");
    const written = await recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.externalId.create",
      resourceType: "product",
      resourceId: input.productId,
      after: { type: input.type, value: checked.value },
    });
    return { ...written, externalId: created.id };
  },
} satisfies CommandConfig<typeof externalIdSchema, ProductWriteResult & { externalId: string }>;

async function findExternalId(tx: Tx, organisationId: string, productId: string, id: string) {
  const [row] = await tx
    .select({ type: productExternalIds.type, value: productExternalIds.value })
    .from(productExternalIds)
    .where(
      and(
        eq(productExternalIds.id, id),
        eq(productExternalIds.productId, productId),
        eq(productExternalIds.organisationId, organisationId),
      ),
    );
  if (!row) throw new AppError("notFound");
  return row;
}

export const updateExternalIdCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: updateExternalIdSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const before = await findExternalId(tx, organisationId, input.productId, input.externalId);
    const checked = checkedExternalId(input.type, input.value);
    await tx
      .update(productExternalIds)
      .set({ type: input.type, value: checked.value, matchKey: checked.matchKey })
      .where(
        and(
          eq(productExternalIds.id, input.externalId),
          eq(productExternalIds.organisationId, organisationId),
        ),
      )
      .catch(externalIdClash);
    const written = await recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.externalId.update",
      resourceType: "product",
      resourceId: input.productId,
      before,
      after: { type: input.type, value: checked.value },
    });
    return { ...written, externalId: input.externalId };
  },
} satisfies CommandConfig<
  typeof updateExternalIdSchema,
  ProductWriteResult & { externalId: string }
>;

export const deleteExternalIdCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: deleteExternalIdSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const before = await findExternalId(tx, organisationId, input.productId, input.externalId);
    await tx
      .delete(productExternalIds)
      .where(
        and(
          eq(productExternalIds.id, input.externalId),
          eq(productExternalIds.organisationId, organisationId),
        ),
      );
    return recordProductWrite(tx, audit, organisationId, input.productId, {
      action: "commerce.externalId.delete",
      resourceType: "product",
      resourceId: input.productId,
      before,
    });
  },
} satisfies CommandConfig<typeof deleteExternalIdSchema, ProductWriteResult>;

// ── Status: publish, unpublish, archive, restore (one or several) ──────────────────────

const nextStatus: Record<ProductStatusAction, { from: ListingStatus[]; to: ListingStatus }> = {
  publish: { from: ["draft"], to: "published" },
  unpublish: { from: ["published"], to: "draft" },
  archive: { from: ["draft", "published"], to: "archived" },
  restore: { from: ["archived"], to: "draft" },
};

/**
 * Changes the status of the chosen products, all or none: publishing and unpublishing need
 * commerce.product.publish; a product that is not ready (publish checks) or not in a state
 * the action applies to refuses the whole change. Restoring counts against the item limit
 * and claims the product's external ids again.
 */
export const setProductStatusCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: bulkStatusSchema,
  async run(ctx) {
    return changeStatus(ctx, ctx.input.action, [...new Set(ctx.input.productIds)]);
  },
} satisfies CommandConfig<typeof bulkStatusSchema, { ids: string[]; tags: string[] }>;

async function changeStatus(
  { tx, access, audit }: CommandContext<unknown>,
  action: ProductStatusAction,
  ids: string[],
): Promise<{ ids: string[]; tags: string[] }> {
  const organisationId = access.organisation.id;
  if ((action === "publish" || action === "unpublish") && !access.can("commerce.product.publish")) {
    throw new AppError("notFound");
  }
  if (action === "restore") await checkItemLimit(tx, access, ids.length);
  const rows = await tx
    .select({
      id: listings.id,
      status: listings.status,
      title: listings.title,
      summary: listings.summary,
      description: listings.description,
      priceFromMinor: listings.priceFromMinor,
    })
    .from(listings)
    .where(and(productWhere(organisationId), inArray(listings.id, ids)))
    .orderBy(asc(listings.id))
    .for("update");
  if (rows.length !== ids.length) throw new AppError("notFound");
  const rule = nextStatus[action];
  for (const row of rows) {
    if (!rule.from.includes(row.status)) throw new AppError("stale");
    if (action === "publish" && missingForPublish(row).length > 0) {
      throw new AppError("publishIncomplete");
    }
  }
  await tx
    .update(listings)
    // The status is not part of the product form: its version (what the form read) stays.
    .set({
      status: rule.to,
      ...(rule.to === "published"
        ? { publishedAt: sql`coalesce(${listings.publishedAt}, now())` }
        : {}),
    })
    .where(and(productWhere(organisationId), inArray(listings.id, ids)))
    .catch((error: unknown) => {
      if (isUniqueViolation(error, "product_external_ids_live_key")) {
        throw new AppError("externalIdTaken");
      }
      throw error;
    });
  for (const row of rows) {
    await audit({
      action: `commerce.product.${action}`,
      resourceType: "product",
      resourceId: row.id,
      before: { status: row.status },
      after: { status: rule.to },
    });
  }
  return { ids, tags: listingWriteTags("product", ids) };
}

/**
 * A copy of a product as a new draft: the listing's texts, the product's options, variants
 * (without SKUs, which are unique) and attributes. External ids are not copied: they name
 * one product.
 */
export const duplicateProductCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: productRefSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    await lockProduct(tx, organisationId, input.productId);
    const source = await readProduct(tx, organisationId, input.productId);
    if (!source) throw new AppError("notFound");
    await checkItemLimit(tx, access, 1);
    const taken = await tx
      .select({ slug: listings.slug })
      .from(listings)
      .where(
        and(productWhere(organisationId), ilike(listings.slug, `${escapeLike(source.slug)}-copy%`)),
      );
    const slugs = new Set(taken.map((t) => t.slug));
    let slug = `${source.slug.slice(0, 70)}-copy`;
    for (let n = 2; slugs.has(slug); n++) slug = `${source.slug.slice(0, 70)}-copy-${n}`;
    const [listing] = await tx
      .insert(listings)
      .values({
        organisationId,
        kind: "product",
        slug,
        title: `${source.title.slice(0, 190)} (copy)`,
        summary: source.summary,
        description: source.description,
        category: source.category,
        tags: source.tags,
        currency: source.currency,
        createdBy: access.userId,
      })
      .returning({ id: listings.id });
    if (!listing) throw new Error("The copy was not created.");
    await tx.insert(products).values({
      listingId: listing.id,
      organisationId,
      brandId: source.brandId,
      taxClass: source.taxClass,
      options: source.options,
    });
    await tx.insert(productVariants).values(
      source.variants.map(({ id: _id, ...variant }, position) => ({
        ...variant,
        sku: null,
        position,
        organisationId,
        productId: listing.id,
      })),
    );
    if (source.attributes.length) {
      await tx.insert(productAttributes).values(
        source.attributes.map(({ id: _id, ...attribute }, position) => ({
          ...attribute,
          position,
          organisationId,
          productId: listing.id,
        })),
      );
    }
    return recordProductWrite(tx, audit, organisationId, listing.id, {
      action: "commerce.product.duplicate",
      resourceType: "product",
      resourceId: listing.id,
      after: { source: input.productId, slug },
    });
  },
} satisfies CommandConfig<typeof productRefSchema, ProductWriteResult>;
