import "server-only";
import { and, asc, ilike, inArray, sql } from "drizzle-orm";
import type { CommandConfig, CommandContext } from "@/lib/backoffice/doors";
import { AppError, isUniqueViolation } from "@/lib/errors/app-error";
import { listingWriteTags } from "@/lib/listings/cache-tags";
import { missingForPublish } from "@/lib/listings/publish-checks";
import { listings } from "@/lib/listings/schema";
import { escapeLike } from "./brands";
import type { ListingStatus } from "./catalogue-types";
import { bulkStatusSchema, productRefSchema, type ProductStatusAction } from "./product-schema";
import { productAttributes, products, productVariants } from "./schema";
import { readProduct } from "./products";
import {
  checkItemLimit,
  lockProduct,
  productWhere,
  recordProductWrite,
  type ProductWriteResult,
} from "./product-writes";
/** Publishing, unpublishing, archiving and restoring products, and duplicating one. */
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
