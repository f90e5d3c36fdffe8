import Papa from "papaparse";
import { missingForPublish } from "@/lib/listings/publish-checks";
import type { ExternalIdType, ListingStatus, TaxClass } from "./catalogue-types";
import { isbn10ToIsbn13, validateGtin } from "./identifiers";
import { catalogueLimits } from "./product-schema";
import type { CsvError, CsvProduct, CsvVariant } from "./products-csv";
import type { ProductOptions } from "./schema";

/**
 * The products CSV import's plan (issue 11 §2), pure: what each product of a parsed file
 * changes in the catalogue, compared field by field with what is stored, so that a product
 * the file does not change writes nothing (its version and updated time stay). The rules:
 * - A product is its handle (the listing's slug); a new handle creates a product. Products
 *   the file does not name are left alone; the import never deletes a product.
 * - Variants are matched by their option values, ignoring case (as the variants tab keeps
 *   them unique); a matched variant keeps its id and image. Variants the file does not list
 *   are removed. Positions follow the file unless the file lists the same variants in the
 *   stored order.
 * - An option keeps the values no variant uses and gains the file's new ones (the file
 *   cannot list unused values); only when that would pass 20 values are the unused dropped.
 * - `gtin` and `mpn` stand for the product's GTIN-family ids and its MPNs: a code the product
 *   already has (the same GTIN in any length, the same MPN) keeps them all as they are;
 *   another code replaces them; a blank cell removes them.
 * - Texts compare as the file reads them: trimmed, line breaks as "\n".
 */

export interface CurrentVariant {
  id: string;
  optionValues: string[];
  sku: string | null;
  priceMinor: number;
  compareAtMinor: number | null;
  trackStock: boolean;
  stock: number | null;
  position: number;
}

export interface CurrentExternalId {
  id: string;
  type: ExternalIdType;
  value: string;
  matchKey: string;
}

/** A stored product as the import compares it; variants in their stored order. */
export interface CurrentProduct {
  id: string;
  handle: string;
  title: string;
  summary: string;
  description: string;
  category: string;
  status: ListingStatus;
  brandId: string | null;
  taxClass: TaxClass;
  options: ProductOptions;
  variants: CurrentVariant[];
  externalIds: CurrentExternalId[];
}

export type VariantValues = Omit<CurrentVariant, "id">;

export interface VariantsPlan {
  /** Stored variants the file no longer lists. */
  remove: string[];
  /** Kept variants whose SKU changes: cleared before any SKU is written (SKUs may move). */
  clearSku: string[];
  update: { id: string; row: number; set: Partial<VariantValues> }[];
  insert: { row: number; values: VariantValues }[];
}

export type IdColumn = "gtin" | "mpn";

export interface ExternalIdsPlan {
  remove: string[];
  insert: { type: ExternalIdType; value: string; matchKey: string; column: IdColumn }[];
  /** Every id the product has after the import: what uniqueness is checked on. */
  final: { matchKey: string; column: IdColumn }[];
}

/** The brand a row names: a stored one (or none), or one the import creates. */
export type BrandRef = { id: string | null } | { create: string };

export interface ProductPlan {
  csv: CsvProduct;
  /** The spreadsheet row of each of the file's variants. */
  rows: number[];
  current: CurrentProduct | null;
  listing: Partial<Pick<CurrentProduct, "title" | "summary" | "description" | "category">>;
  status: { from: ListingStatus | null; to: ListingStatus } | null;
  brand: BrandRef;
  brandChanged: boolean;
  taxClassChanged: boolean;
  /** The options to store, or null when they stay. */
  options: ProductOptions | null;
  variants: VariantsPlan;
  externalIds: ExternalIdsPlan;
  priceFromMinor: number | null;
  inStock: boolean;
  /** Something of the product form or its parts changes (its version goes up). */
  contentChanged: boolean;
  changed: boolean;
}

const GTIN_TYPES: ReadonlySet<ExternalIdType> = new Set([
  "gtin8",
  "gtin12",
  "gtin13",
  "gtin14",
  "ean",
  "upc",
  "isbn10",
  "isbn13",
]);

export function isGtinFamily(type: ExternalIdType): boolean {
  return GTIN_TYPES.has(type);
}

/** The codes the export writes: the first GTIN-family id (an ISBN-10 as its ISBN-13), the first MPN. */
export function exportedIds(ids: readonly { type: ExternalIdType; value: string }[]): {
  gtin: string | null;
  mpn: string | null;
} {
  const sorted = [...ids].sort(
    (a, b) => a.type.localeCompare(b.type) || a.value.localeCompare(b.value),
  );
  const gtin = sorted.find((id) => isGtinFamily(id.type));
  const mpn = sorted.find((id) => id.type === "mpn");
  return {
    gtin: gtin ? (gtin.type === "isbn10" ? isbn10ToIsbn13(gtin.value) : gtin.value) : null,
    mpn: mpn?.value ?? null,
  };
}

/** The type a new code of the `gtin` column is stored as: by its length (978/979: ISBN-13). */
export function gtinTypeOf(value: string): ExternalIdType {
  if (value.length === 8) return "gtin8";
  if (value.length === 12) return "gtin12";
  if (value.length === 14) return "gtin14";
  return /^97[89]/.test(value) ? "isbn13" : "gtin13";
}

const normaliseText = (text: string) => text.replace(/\r\n?/g, "\n").trim();
const lower = (text: string) => text.toLowerCase();
const comboKey = (values: readonly string[]) => JSON.stringify(values.map(lower));
const sameArray = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The spreadsheet row of every variant of a file that parsed: each non-blank record after the
 * header is one variant, in order (the codec reads the file the same way).
 */
export function variantRows(text: string): number[] {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const { data } = Papa.parse<string[]>(source, {
    delimiter: ",",
    newline: "\n",
    quoteChar: '"',
    header: false,
    skipEmptyLines: false,
  });
  const rows: number[] = [];
  data.forEach((record, index) => {
    if (index > 0 && record.some((cell) => cell.trim() !== "")) rows.push(index + 1);
  });
  return rows;
}

/** The file's rows by product: `variantRows` split by each product's variant count. */
export function rowsByProduct(products: readonly CsvProduct[], text: string): number[][] {
  const rows = variantRows(text);
  const total = products.reduce((sum, product) => sum + product.variants.length, 0);
  let next = 0;
  return products.map((product) =>
    product.variants.map((_, i) =>
      rows.length === total ? (rows[next++] ?? product.firstRow) : product.firstRow + i,
    ),
  );
}

/** The options after the import, or null when the stored ones already hold the file's. */
export function mergeOptions(
  current: ProductOptions,
  names: readonly string[],
  variants: readonly CsvVariant[],
): ProductOptions | null {
  const used = names.map((_, i) => [...new Set(variants.map((v) => v.optionValues[i] ?? ""))]);
  const unchanged =
    current.length === names.length &&
    names.every(
      (name, i) =>
        current[i]?.name === name && used[i]?.every((value) => current[i]?.values.includes(value)),
    );
  if (unchanged) return null;
  return names.map((name, i) => {
    const fileValues = used[i] ?? [];
    const stored = current[i];
    const base = stored && lower(stored.name) === lower(name) ? stored.values : [];
    const spelled = new Map(fileValues.map((value) => [lower(value), value]));
    const values: string[] = [];
    const seen = new Set<string>();
    for (const value of [...base.map((v) => spelled.get(lower(v)) ?? v), ...fileValues]) {
      if (seen.has(lower(value))) continue;
      seen.add(lower(value));
      values.push(value);
    }
    return {
      name,
      values:
        values.length > catalogueLimits.options.values
          ? values.filter((value) => spelled.has(lower(value)))
          : values,
    };
  });
}

export function planVariants(
  current: readonly CurrentVariant[],
  wanted: readonly CsvVariant[],
  rows: readonly number[],
): VariantsPlan {
  const byKey = new Map(current.map((variant) => [comboKey(variant.optionValues), variant]));
  const matched = wanted.map((variant) => byKey.get(comboKey(variant.optionValues)) ?? null);
  const kept = new Set(matched.flatMap((variant) => (variant ? [variant.id] : [])));
  const remove = current.filter((variant) => !kept.has(variant.id)).map((variant) => variant.id);
  const sameOrder =
    wanted.length === current.length && matched.every((variant, i) => variant === current[i]);
  const plan: VariantsPlan = { remove, clearSku: [], update: [], insert: [] };
  wanted.forEach((variant, i) => {
    const stored = matched[i];
    const row = rows[i] ?? 0;
    const values: VariantValues = {
      optionValues: variant.optionValues,
      sku: variant.sku,
      priceMinor: variant.priceMinor,
      compareAtMinor: variant.compareAtMinor,
      trackStock: variant.trackStock,
      stock: variant.trackStock ? variant.stock : null,
      position: sameOrder && stored ? stored.position : i,
    };
    if (!stored) {
      plan.insert.push({ row, values });
      return;
    }
    const set: Partial<VariantValues> = {};
    if (!sameArray(stored.optionValues, values.optionValues))
      set.optionValues = values.optionValues;
    if (stored.sku !== values.sku) {
      set.sku = values.sku;
      plan.clearSku.push(stored.id);
    }
    if (stored.priceMinor !== values.priceMinor) set.priceMinor = values.priceMinor;
    if (stored.compareAtMinor !== values.compareAtMinor) set.compareAtMinor = values.compareAtMinor;
    if (stored.trackStock !== values.trackStock) set.trackStock = values.trackStock;
    if (stored.stock !== values.stock) set.stock = values.stock;
    if (stored.position !== values.position) set.position = values.position;
    if (Object.keys(set).length > 0) plan.update.push({ id: stored.id, row, set });
  });
  return plan;
}

export function planExternalIds(
  current: readonly CurrentExternalId[],
  gtin: string | null,
  mpn: string | null,
): ExternalIdsPlan {
  const plan: ExternalIdsPlan = { remove: [], insert: [], final: [] };
  const columns: { column: IdColumn; ids: CurrentExternalId[]; code: string | null }[] = [
    { column: "gtin", ids: current.filter((id) => isGtinFamily(id.type)), code: gtin },
    { column: "mpn", ids: current.filter((id) => id.type === "mpn"), code: mpn },
  ];
  for (const { column, ids, code } of columns) {
    const wanted = code === null ? null : idOf(column, code);
    const keep =
      wanted !== null &&
      ids.some((id) =>
        column === "gtin" ? id.matchKey === wanted.matchKey : id.value === wanted.value,
      );
    if (keep) {
      plan.final.push(...ids.map((id) => ({ matchKey: id.matchKey, column })));
      continue;
    }
    plan.remove.push(...ids.map((id) => id.id));
    if (wanted) {
      plan.insert.push({ ...wanted, column });
      plan.final.push({ matchKey: wanted.matchKey, column });
    }
  }
  return plan;
}

function idOf(column: IdColumn, code: string) {
  if (column === "mpn") {
    return { type: "mpn" as const, value: code, matchKey: `mpn:${lower(code)}` };
  }
  const checked = validateGtin(code);
  // The codec has checked the code already; this only keeps the types exact.
  if (!checked.ok) throw new Error("The GTIN was not checked.");
  return { type: gtinTypeOf(checked.value), value: checked.value, matchKey: checked.matchKey };
}

/** What the import changes of one product of the file. */
export function planProduct(
  csv: CsvProduct,
  rows: number[],
  current: CurrentProduct | null,
  brand: BrandRef,
): ProductPlan {
  const listing: ProductPlan["listing"] = {};
  for (const field of ["title", "summary", "description"] as const) {
    if (!current || normaliseText(current[field]) !== csv[field]) listing[field] = csv[field];
  }
  if (!current || current.category !== csv.category) listing.category = csv.category;
  const brandChanged = "create" in brand || current?.brandId !== brand.id;
  const taxClassChanged = current?.taxClass !== csv.taxClass;
  const options = mergeOptions(current?.options ?? [], csv.optionNames, csv.variants);
  const variants = planVariants(current?.variants ?? [], csv.variants, rows);
  const externalIds = planExternalIds(current?.externalIds ?? [], csv.gtin, csv.mpn);
  const status =
    current?.status === csv.status ? null : { from: current?.status ?? null, to: csv.status };
  const contentChanged =
    !current ||
    Object.keys(listing).length > 0 ||
    brandChanged ||
    taxClassChanged ||
    options !== null ||
    variants.remove.length + variants.update.length + variants.insert.length > 0 ||
    externalIds.remove.length + externalIds.insert.length > 0;
  const prices = csv.variants.map((variant) => variant.priceMinor);
  return {
    csv,
    rows,
    current,
    listing,
    status,
    brand,
    brandChanged,
    taxClassChanged,
    options,
    variants,
    externalIds,
    priceFromMinor: prices.length ? Math.min(...prices) : null,
    inStock: csv.variants.some((v) => !v.trackStock || (v.stock ?? 0) > 0),
    contentChanged,
    changed: contentChanged || status !== null,
  };
}

// ── Checks before anything is written ──────────────────────────────────────────────────

/**
 * Going live or leaving it needs commerce.product.publish; going live needs what the
 * publish checks ask for. The error sits on the product's status cell.
 */
export function publishErrors(plans: readonly ProductPlan[], canPublish: boolean): CsvError[] {
  const errors: CsvError[] = [];
  for (const plan of plans) {
    if (!plan.status) continue;
    const { from, to } = plan.status;
    if (from !== "published" && to !== "published") continue;
    const row = plan.csv.firstRow;
    if (!canPublish) {
      errors.push({
        row,
        column: "status",
        code: "publishNotAllowed",
      });
      continue;
    }
    if (to !== "published") continue;
    const missing = missingForPublish({
      title: plan.csv.title,
      summary: plan.csv.summary,
      description: plan.csv.description,
      priceFromMinor: plan.priceFromMinor,
    });
    if (missing.length > 0) {
      errors.push({
        row,
        column: "status",
        code: "publishMissing",
        params: { missing },
      });
    }
  }
  return errors;
}

/**
 * The plan's item limit: products that are not archived, counted after the import. The error
 * sits on the first product that goes over it.
 */
export function itemLimitErrors(
  plans: readonly ProductPlan[],
  liveNow: number,
  limit: number | null,
): CsvError[] {
  if (limit === null) return [];
  const delta = (plan: ProductPlan) =>
    Number(plan.csv.status !== "archived") -
    Number(plan.current !== null && plan.current.status !== "archived");
  const total = plans.reduce((sum, plan) => sum + delta(plan), liveNow);
  if (total <= liveNow || total <= limit) return [];
  let running = liveNow;
  for (const plan of plans) {
    running += delta(plan);
    if (delta(plan) > 0 && running > limit) {
      return [
        {
          row: plan.csv.firstRow,
          column: plan.current ? "status" : "handle",
          code: "itemLimit",
          params: { max: limit },
        },
      ];
    }
  }
  return [];
}

/** SKUs are unique per organisation whatever their case: the file's rows among themselves. */
export function skuCaseErrors(plans: readonly ProductPlan[]): CsvError[] {
  const errors: CsvError[] = [];
  const seen = new Map<string, number>();
  for (const plan of plans) {
    plan.csv.variants.forEach((variant, i) => {
      if (variant.sku === null) return;
      const row = plan.rows[i] ?? plan.csv.firstRow;
      const first = seen.get(lower(variant.sku));
      if (first === undefined) seen.set(lower(variant.sku), row);
      else errors.push({ row, column: "sku", code: "skuRepeated", params: { row: first } });
    });
  }
  return errors;
}

/**
 * External ids are unique among the organisation's products that are not archived: between
 * the file's products, and against `taken` (match key → handle of a product the file does
 * not name).
 */
export function externalIdErrors(
  plans: readonly ProductPlan[],
  taken: ReadonlyMap<string, string>,
): CsvError[] {
  const errors: CsvError[] = [];
  const seen = new Map<string, number>();
  for (const plan of plans) {
    if (plan.csv.status === "archived") continue;
    const row = plan.csv.firstRow;
    for (const { matchKey, column } of plan.externalIds.final) {
      const other = taken.get(matchKey);
      const first = seen.get(matchKey);
      if (other !== undefined) {
        errors.push({ row, column, code: "codeTaken", params: { handle: other } });
      } else if (first !== undefined) {
        errors.push({ row, column, code: "codeRepeated", params: { row: first } });
      } else {
        seen.set(matchKey, row);
      }
    }
  }
  return errors;
}

/** Errors in the order a reader fixes them: by row, then column. */
export function sortErrors(errors: CsvError[]): CsvError[] {
  return [...errors].sort(
    (a, b) => a.row - b.row || (a.column ?? "").localeCompare(b.column ?? ""),
  );
}
