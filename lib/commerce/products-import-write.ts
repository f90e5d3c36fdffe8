import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/types";
import { isUniqueViolation } from "@/lib/errors/app-error";
import { listings } from "@/lib/listings/schema";
import type { CsvError, CsvProblemCode } from "./products-csv-problems";
import type { ProductPlan } from "./products-import-plan";
import { brands, productExternalIds, products as productTable, productVariants } from "./schema";

/**
 * The products CSV import's writes (products-import.ts checks everything first): only what
 * each plan changes, in an order that lets SKUs and codes move between the file's products.
 * A row the database still refuses (a write that raced this one) throws `RowRefused`, which
 * the import turns into that row's error after its savepoint rolled back.
 */

/** A row the database refused while writing: the savepoint rolls back, the import answers it. */
export class RowRefused extends Error {
  constructor(readonly error: CsvError) {
    super(`row ${error.row}: ${error.code}`);
  }
}

/**
 * Writes the changed products: first what frees a SKU or a code (removed variants, changed
 * SKUs, removed codes, products going to the archive), then each product. Answers the ids
 * written and the number of brands created.
 */
export async function writePlans(
  tx: Tx,
  organisation: { id: string; currency: string },
  userId: string,
  plans: readonly ProductPlan[],
): Promise<{ ids: string[]; brandsCreated: number }> {
  const organisationId = organisation.id;
  const brandIds = await createBrands(tx, organisationId, plans);
  const removeVariants = plans.flatMap((plan) => plan.variants.remove);
  const clearSkus = plans.flatMap((plan) => plan.variants.clearSku);
  const removeIds = plans.flatMap((plan) => plan.externalIds.remove);
  if (removeVariants.length) {
    await tx
      .delete(productVariants)
      .where(
        and(
          eq(productVariants.organisationId, organisationId),
          inArray(productVariants.id, removeVariants),
        ),
      );
  }
  if (clearSkus.length) {
    await tx
      .update(productVariants)
      .set({ sku: null })
      .where(
        and(
          eq(productVariants.organisationId, organisationId),
          inArray(productVariants.id, clearSkus),
        ),
      );
  }
  if (removeIds.length) {
    await tx
      .delete(productExternalIds)
      .where(
        and(
          eq(productExternalIds.organisationId, organisationId),
          inArray(productExternalIds.id, removeIds),
        ),
      );
  }
  // Archiving frees the product's codes for the others: those go first.
  const ordered = [
    ...plans.filter((plan) => plan.csv.status === "archived"),
    ...plans.filter((plan) => plan.csv.status !== "archived"),
  ];
  const ids: string[] = [];
  for (const plan of ordered) {
    const brandId =
      "create" in plan.brand ? brandIds.get(plan.brand.create.toLowerCase()) : plan.brand.id;
    const id = plan.current
      ? await updateProduct(tx, organisationId, plan, brandId ?? null)
      : await createProduct(tx, organisation, userId, plan, brandId ?? null);
    await writeVariants(tx, organisationId, id, plan);
    if (plan.externalIds.insert.length) {
      const live = plan.csv.status !== "archived";
      for (const { column, ...code } of plan.externalIds.insert) {
        await tx
          .insert(productExternalIds)
          .values({ ...code, organisationId, productId: id, live })
          .catch(refuse(plan.csv.firstRow, column, "product_external_ids_live_key"));
      }
    }
    ids.push(id);
  }
  return { ids, brandsCreated: brandIds.size };
}

/** A unique violation on `constraint` becomes the row's error; anything else goes on. */
function refuse(row: number, column: string, constraint: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error, constraint)) {
      const code = refusals[constraint];
      if (code) throw new RowRefused({ row, column, code });
    }
    throw error;
  };
}

const refusals: Partial<Record<string, CsvProblemCode>> = {
  product_variants_sku_key: "skuTakenMeanwhile",
  product_external_ids_live_key: "codeTakenMeanwhile",
  listings_organisation_kind_slug_key: "handleTakenMeanwhile",
  brands_organisation_name_key: "brandCreatedMeanwhile",
};

async function createBrands(
  tx: Tx,
  organisationId: string,
  plans: readonly ProductPlan[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const plan of plans) {
    if (!("create" in plan.brand)) continue;
    const name = plan.brand.create;
    if (ids.has(name.toLowerCase())) continue;
    const [created] = await tx
      .insert(brands)
      .values({ organisationId, name })
      .returning({ id: brands.id })
      .catch(refuse(plan.csv.firstRow, "brand", "brands_organisation_name_key"));
    if (!created) throw new Error("The brand was not created.");
    ids.set(name.toLowerCase(), created.id);
  }
  return ids;
}

async function createProduct(
  tx: Tx,
  organisation: { id: string; currency: string },
  userId: string,
  plan: ProductPlan,
  brandId: string | null,
): Promise<string> {
  const { csv } = plan;
  const [listing] = await tx
    .insert(listings)
    .values({
      organisationId: organisation.id,
      kind: "product",
      slug: csv.handle,
      title: csv.title,
      summary: csv.summary,
      description: csv.description,
      category: csv.category,
      status: csv.status,
      publishedAt: csv.status === "published" ? sql`now()` : null,
      currency: organisation.currency,
      priceFromMinor: plan.priceFromMinor,
      inStock: plan.inStock,
      createdBy: userId,
    })
    .returning({ id: listings.id })
    .catch(refuse(csv.firstRow, "handle", "listings_organisation_kind_slug_key"));
  if (!listing) throw new Error("The product was not created.");
  await tx.insert(productTable).values({
    listingId: listing.id,
    organisationId: organisation.id,
    brandId,
    taxClass: csv.taxClass,
    options: plan.options ?? [],
  });
  return listing.id;
}

async function updateProduct(
  tx: Tx,
  organisationId: string,
  plan: ProductPlan,
  brandId: string | null,
): Promise<string> {
  const current = plan.current;
  if (!current) throw new Error("Only a stored product is updated.");
  const status = plan.status?.to;
  await tx
    .update(listings)
    .set({
      ...plan.listing,
      ...(status
        ? {
            status,
            ...(status === "published"
              ? { publishedAt: sql`coalesce(${listings.publishedAt}, now())` }
              : {}),
          }
        : {}),
      // The status is not part of the product form: its version moves with the rest only.
      ...(plan.contentChanged
        ? {
            version: sql`${listings.version} + 1`,
            priceFromMinor: plan.priceFromMinor,
            inStock: plan.inStock,
          }
        : {}),
    })
    .where(and(eq(listings.id, current.id), eq(listings.organisationId, organisationId)))
    .catch(refuse(plan.csv.firstRow, "status", "product_external_ids_live_key"));
  if (plan.brandChanged || plan.taxClassChanged || plan.options) {
    await tx
      .update(productTable)
      .set({
        ...(plan.brandChanged ? { brandId } : {}),
        ...(plan.taxClassChanged ? { taxClass: plan.csv.taxClass } : {}),
        ...(plan.options ? { options: plan.options } : {}),
      })
      .where(
        and(
          eq(productTable.listingId, current.id),
          eq(productTable.organisationId, organisationId),
        ),
      );
  }
  return current.id;
}

async function writeVariants(tx: Tx, organisationId: string, productId: string, plan: ProductPlan) {
  for (const { id, row, set } of plan.variants.update) {
    await tx
      .update(productVariants)
      .set(set)
      .where(and(eq(productVariants.id, id), eq(productVariants.organisationId, organisationId)))
      .catch(refuse(row, "sku", "product_variants_sku_key"));
  }
  for (const { row, values } of plan.variants.insert) {
    await tx
      .insert(productVariants)
      .values({ ...values, organisationId, productId })
      .catch(refuse(row, "sku", "product_variants_sku_key"));
  }
}
