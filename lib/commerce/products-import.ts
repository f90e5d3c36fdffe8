import "server-only";
import { and, asc, count, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { CommandConfig } from "@/lib/backoffice/doors";
import { withUserContext, type UserClaims } from "@/lib/db/context";
import type { Tx } from "@/lib/db/types";
import { listingWriteTags } from "@/lib/listings/cache-tags";
import { listings } from "@/lib/listings/schema";
import { moduleLimits } from "@/lib/modules/catalogue";
import { isUuid } from "@/lib/organisations/access";
import { organisations } from "@/lib/organisations/schema";
import { textRule } from "@/lib/validation/text";
import { catalogueReader } from "./brands";
import type { ProductCategory } from "./catalogue-types";
import { currencyDigits } from "./money";
import {
  PRODUCTS_CSV_MAX_ERRORS,
  parseProductsCsv,
  serializeProductsCsv,
  type CsvError,
  type CsvProduct,
} from "./products-csv";
import { PRODUCTS_IMPORT_MAX_BYTES } from "./products-import-answer";
import {
  exportedIds,
  externalIdErrors,
  itemLimitErrors,
  planProduct,
  publishErrors,
  rowsByProduct,
  skuCaseErrors,
  sortErrors,
  type BrandRef,
  type CurrentProduct,
  type ProductPlan,
} from "./products-import-plan";
import { RowRefused, writePlans } from "./products-import-write";
import { brands, productExternalIds, products as productTable, productVariants } from "./schema";

/**
 * CSV export and import of an organisation's products (issue 11 §2), over the codec of
 * products-csv.ts and the plan of products-import-plan.ts. The import is all or nothing: a
 * file with any wrong row, or any row the catalogue refuses (a brand the caller may not
 * create, a status change without commerce.product.publish or not ready to publish, the item
 * limit, a SKU or code another product has), writes nothing and answers every such error by
 * row and column. Otherwise one transaction writes only what differs from what is stored:
 * an unchanged product keeps its version and updated time, so exporting and importing the
 * same file changes nothing.
 */

export type ProductsImportResult =
  | { status: "done"; created: number; updated: number; unchanged: number; tags: string[] }
  | { status: "invalid"; errors: CsvError[] };

/** The file's text, as the route read it (UTF-8); control characters refuse the whole file. */
export const importProductsSchema = z.object({
  csv: z
    .string()
    .check(textRule({ multiline: true }))
    .max(PRODUCTS_IMPORT_MAX_BYTES),
});

const productWhere = (organisationId: string) =>
  and(eq(listings.organisationId, organisationId), eq(listings.kind, "product"));

/**
 * Every product of the organisation, archived ones too (the status column tells), by handle:
 * one row per variant, the brand by name, the first GTIN-family code and the first MPN.
 */
export async function exportProducts(claims: UserClaims, organisationId: string): Promise<string> {
  if (!isUuid(organisationId)) return "";
  return withUserContext(claims, async (tx) => {
    const [organisation] = await tx
      .select({ currency: organisations.currency })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    const digits = currencyDigits(organisation?.currency ?? "USD");
    const rows = await tx
      .select({
        id: listings.id,
        handle: listings.slug,
        title: listings.title,
        status: listings.status,
        category: listings.category,
        brand: brands.name,
        taxClass: productTable.taxClass,
        summary: listings.summary,
        description: listings.description,
        options: productTable.options,
      })
      .from(listings)
      .innerJoin(productTable, eq(productTable.listingId, listings.id))
      .leftJoin(brands, eq(brands.id, productTable.brandId))
      .where(and(productWhere(organisationId), catalogueReader(organisationId)))
      .orderBy(asc(listings.slug));
    const ids = rows.map((row) => row.id);
    const [variants, externalIds] = ids.length
      ? await Promise.all([readVariants(tx, organisationId, ids), readIds(tx, organisationId, ids)])
      : [[], []];
    const variantsOf = groupBy(variants);
    const idsOf = groupBy(externalIds);
    const products: CsvProduct[] = rows.map((row) => ({
      handle: row.handle,
      title: row.title,
      status: row.status,
      category: row.category as ProductCategory,
      brand: row.brand,
      taxClass: row.taxClass,
      summary: row.summary,
      description: row.description,
      optionNames: row.options.map((option) => option.name),
      ...exportedIds(idsOf.get(row.id) ?? []),
      variants: variantsOf.get(row.id) ?? [],
      firstRow: 0,
    }));
    return serializeProductsCsv(products, { currencyDigits: digits });
  });
}

/** Rows by their product, in their order. */
function groupBy<T extends { productId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.productId);
    if (group) group.push(row);
    else groups.set(row.productId, [row]);
  }
  return groups;
}

function readVariants(tx: Tx, organisationId: string, productIds: string[]) {
  return tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      optionValues: productVariants.optionValues,
      sku: productVariants.sku,
      priceMinor: productVariants.priceMinor,
      compareAtMinor: productVariants.compareAtMinor,
      trackStock: productVariants.trackStock,
      stock: productVariants.stock,
      position: productVariants.position,
    })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.organisationId, organisationId),
        inArray(productVariants.productId, productIds),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

function readIds(tx: Tx, organisationId: string, productIds: string[]) {
  return tx
    .select({
      id: productExternalIds.id,
      productId: productExternalIds.productId,
      type: productExternalIds.type,
      value: productExternalIds.value,
      matchKey: productExternalIds.matchKey,
    })
    .from(productExternalIds)
    .where(
      and(
        eq(productExternalIds.organisationId, organisationId),
        inArray(productExternalIds.productId, productIds),
      ),
    );
}

export const importProductsCommand = {
  permission: "commerce.product.write",
  module: "commerce",
  schema: importProductsSchema,
  async run({ tx, access, input, audit }) {
    const organisationId = access.organisation.id;
    const parsed = parseProductsCsv(input.csv, {
      currencyDigits: currencyDigits(access.organisation.currency),
    });
    if (!parsed.ok) return { status: "invalid", errors: parsed.errors };
    const rows = rowsByProduct(parsed.products, input.csv);

    const current = await readCurrent(tx, organisationId, parsed.products);
    const known = await readBrands(tx, organisationId, parsed.products);
    const errors: CsvError[] = [];
    const plans = parsed.products.map((csv, i) => {
      let brand: BrandRef = { id: null };
      if (csv.brand !== null) {
        const id = known.get(csv.brand.toLowerCase());
        brand = id ? { id } : { create: csv.brand };
        if (!id && !access.can("commerce.brand.write")) {
          errors.push({
            row: csv.firstRow,
            column: "brand",
            code: "brandNotAllowed",
            params: { brand: csv.brand },
          });
        }
      }
      return planProduct(csv, rows[i] ?? [], current.get(csv.handle) ?? null, brand);
    });

    const tier = access.modules.get("commerce");
    const limit = tier ? (moduleLimits.commerce[tier].items ?? null) : 0;
    const currentIds = [...current.values()].map((product) => product.id);
    errors.push(
      ...publishErrors(plans, access.can("commerce.product.publish")),
      ...itemLimitErrors(plans, await countLive(tx, organisationId), limit),
      ...skuCaseErrors(plans),
      ...(await skuTakenErrors(tx, organisationId, plans, currentIds)),
      ...externalIdErrors(plans, await idsTaken(tx, organisationId, plans, currentIds)),
    );
    if (errors.length > 0) {
      return { status: "invalid", errors: sortErrors(errors).slice(0, PRODUCTS_CSV_MAX_ERRORS) };
    }

    const changed = plans.filter((plan) => plan.changed);
    if (changed.length === 0) {
      return { status: "done", created: 0, updated: 0, unchanged: plans.length, tags: [] };
    }
    let written: { ids: string[]; brandsCreated: number };
    try {
      written = await tx.transaction((savepoint) =>
        writePlans(savepoint, access.organisation, access.userId, changed),
      );
    } catch (error) {
      if (error instanceof RowRefused) return { status: "invalid", errors: [error.error] };
      throw error;
    }
    const created = changed.filter((plan) => !plan.current).length;
    const counts = {
      created,
      updated: changed.length - created,
      unchanged: plans.length - changed.length,
    };
    await audit({
      action: "commerce.product.import",
      resourceType: "product",
      after: { ...counts, brandsCreated: written.brandsCreated },
    });
    return { status: "done", ...counts, tags: listingWriteTags("product", written.ids) };
  },
} satisfies CommandConfig<typeof importProductsSchema, ProductsImportResult>;

// ── Reading what is stored ─────────────────────────────────────────────────────────────

/** The file's stored products by handle, locked for the import. */
async function readCurrent(
  tx: Tx,
  organisationId: string,
  csv: readonly CsvProduct[],
): Promise<Map<string, CurrentProduct>> {
  const rows = await tx
    .select({
      id: listings.id,
      handle: listings.slug,
      title: listings.title,
      summary: listings.summary,
      description: listings.description,
      category: listings.category,
      status: listings.status,
      brandId: productTable.brandId,
      taxClass: productTable.taxClass,
      options: productTable.options,
    })
    .from(listings)
    .innerJoin(productTable, eq(productTable.listingId, listings.id))
    .where(
      and(
        productWhere(organisationId),
        inArray(
          listings.slug,
          csv.map((product) => product.handle),
        ),
      ),
    )
    .orderBy(asc(listings.id))
    .for("update", { of: listings });
  const ids = rows.map((row) => row.id);
  const [variants, externalIds] = ids.length
    ? await Promise.all([readVariants(tx, organisationId, ids), readIds(tx, organisationId, ids)])
    : [[], []];
  const variantsOf = groupBy(variants);
  const idsOf = groupBy(externalIds);
  return new Map(
    rows.map((row) => [
      row.handle,
      { ...row, variants: variantsOf.get(row.id) ?? [], externalIds: idsOf.get(row.id) ?? [] },
    ]),
  );
}

/** The organisation's brands the file names: lower-cased name → id. */
async function readBrands(
  tx: Tx,
  organisationId: string,
  csv: readonly CsvProduct[],
): Promise<Map<string, string>> {
  const names = [...new Set(csv.flatMap((p) => (p.brand ? [p.brand.toLowerCase()] : [])))];
  if (names.length === 0) return new Map();
  const rows = await tx
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(
      and(eq(brands.organisationId, organisationId), inArray(sql`lower(${brands.name})`, names)),
    );
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

async function countLive(tx: Tx, organisationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(listings)
    .where(and(productWhere(organisationId), ne(listings.status, "archived")));
  return row?.n ?? 0;
}

/** The file's SKUs that variants of products the file does not name already have. */
async function skuTakenErrors(
  tx: Tx,
  organisationId: string,
  plans: readonly ProductPlan[],
  currentIds: string[],
): Promise<CsvError[]> {
  const rowsBySku = new Map<string, number[]>();
  for (const plan of plans) {
    plan.csv.variants.forEach((variant, i) => {
      if (variant.sku === null) return;
      const key = variant.sku.toLowerCase();
      rowsBySku.set(key, [...(rowsBySku.get(key) ?? []), plan.rows[i] ?? plan.csv.firstRow]);
    });
  }
  if (rowsBySku.size === 0) return [];
  const taken = await tx
    .select({ key: sql<string>`lower(${productVariants.sku})`, handle: listings.slug })
    .from(productVariants)
    .innerJoin(listings, eq(listings.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.organisationId, organisationId),
        inArray(sql`lower(${productVariants.sku})`, [...rowsBySku.keys()]),
        currentIds.length ? notInArray(productVariants.productId, currentIds) : undefined,
      ),
    );
  return taken.flatMap(({ key, handle }) =>
    (rowsBySku.get(key) ?? []).map((row) => ({
      row,
      column: "sku",
      code: "skuTaken" as const,
      params: { handle },
    })),
  );
}

/** Codes of products the file does not name that are live: match key → their handle. */
async function idsTaken(
  tx: Tx,
  organisationId: string,
  plans: readonly ProductPlan[],
  currentIds: string[],
): Promise<Map<string, string>> {
  const keys = [
    ...new Set(
      plans.flatMap((plan) =>
        plan.csv.status === "archived" ? [] : plan.externalIds.final.map((id) => id.matchKey),
      ),
    ),
  ];
  if (keys.length === 0) return new Map();
  const rows = await tx
    .select({ matchKey: productExternalIds.matchKey, handle: listings.slug })
    .from(productExternalIds)
    .innerJoin(listings, eq(listings.id, productExternalIds.productId))
    .where(
      and(
        eq(productExternalIds.organisationId, organisationId),
        eq(productExternalIds.live, true),
        inArray(productExternalIds.matchKey, keys),
        currentIds.length ? notInArray(productExternalIds.productId, currentIds) : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.matchKey, row.handle]));
}
