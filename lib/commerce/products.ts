import "server-only";
import { and, asc, count, desc, eq, ilike, inArray, lte, ne, or, sql } from "drizzle-orm";
import { pageOffset } from "@/components/ui/data-table/pager";
import { countedPage, countRows } from "@/lib/db/counted-page";
import type { SortDirection } from "@/components/ui/data-table/params";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { missingForPublish, type PublishCheck } from "@/lib/listings/publish-checks";
import { listings } from "@/lib/listings/schema";
import { isUuid } from "@/lib/organisations/access";
import { catalogueReader, escapeLike } from "./brands";
import type {
  AttributeType,
  AttributeValue,
  ExternalIdType,
  ListingStatus,
  ProductCategory,
  TaxClass,
} from "./catalogue-types";
import type { ProductSort } from "./list-params";
import {
  createProductSchema,
  slugifyTitle,
  updateProductSchema,
  variantsSchema,
} from "./product-schema";
import {
  brands,
  productAttributes,
  productExternalIds,
  products,
  productVariants,
  type ProductOptions,
} from "./schema";
import {
  brandMissing,
  checkItemLimit,
  lockProduct,
  priceOf,
  recordProductWrite,
  slugClash,
  productWhere,
  type ProductWriteResult,
} from "./product-writes";
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
    const listed = await countedPage(
      query.page,
      query.size,
      () => countRows(tx, listings, where),
      (page) =>
        tx
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
          .offset(pageOffset(page, query.size)),
    );
    return {
      rows: listed.rows.map((r) => ({ ...r, category: r.category as ProductCategory })),
      total: listed.total,
      page: listed.page,
    };
  });
}

export async function readProduct(
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
