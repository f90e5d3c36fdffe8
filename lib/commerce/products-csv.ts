import Papa from "papaparse";
import {
  listingStatuses,
  productCategories,
  taxClasses,
  type ListingStatus,
  type ProductCategory,
  type TaxClass,
} from "@/lib/commerce/catalogue-types";
import { MPN_MAX_LENGTH, validateExternalId, validateGtin } from "@/lib/commerce/identifiers";
import { fromMinorUnits, MAX_MAJOR_AMOUNT, toMinorUnits } from "@/lib/commerce/money";
import { catalogueLimits } from "@/lib/commerce/product-schema";
import {
  csvColumnLabels,
  type CsvError,
  type CsvProblemCode,
  type CsvProblemParams,
} from "./products-csv-problems";

export type { CsvError } from "./products-csv-problems";

/**
 * The products CSV (issue 11): one row per variant, a product's rows consecutive and sharing
 * its `handle`. Export writes the product's columns on every row; import reads them from the
 * product's first row and lets later rows leave them blank or repeat them. Import checks every
 * row and answers all the errors (up to 200) or all the products, never a part. Errors are
 * codes with parameters (products-csv-problems.ts); the import dialog words them.
 *
 * Rows are numbered as a spreadsheet shows them: the header is row 1 and every record after it
 * one row, even one whose quoted cell holds line breaks.
 */
export const productCsvColumns = csvColumnLabels;
export type ProductCsvColumn = (typeof productCsvColumns)[number];

export interface CsvVariant {
  optionValues: string[];
  sku: string | null;
  priceMinor: number;
  compareAtMinor: number | null;
  trackStock: boolean;
  stock: number | null;
}

export interface CsvProduct {
  handle: string;
  title: string;
  status: ListingStatus;
  category: ProductCategory;
  brand: string | null;
  taxClass: TaxClass;
  summary: string;
  description: string;
  optionNames: string[];
  gtin: string | null;
  mpn: string | null;
  variants: CsvVariant[];
  /** The spreadsheet row of the product's first row (header = 1). */
  firstRow: number;
}

export type ParseProductsCsvResult =
  { ok: true; products: CsvProduct[] } | { ok: false; errors: CsvError[] };

export const PRODUCTS_CSV_MAX_ROWS = 10_000;
export const PRODUCTS_CSV_MAX_ERRORS = 200;
const MAX_STOCK = 9_999_999;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SINGLE_LINE = /^[^\p{Cc}]*$/u;
const MULTI_LINE = /^(?:[^\p{Cc}]|[\t\n])*$/u;
/** A cell a spreadsheet would run as a formula, behind any apostrophes we added before. */
const FORMULA = /^'*[=+\-@\t\r]/;
const BOOLEANS: Record<string, boolean> = {
  true: true,
  yes: true,
  "1": true,
  false: false,
  no: false,
  "0": false,
};

/** The columns read from a product's first row; the others describe one variant. */
const productColumns = [
  "title",
  "status",
  "category",
  "brand",
  "tax_class",
  "summary",
  "description",
  "option1_name",
  "option2_name",
  "option3_name",
  "gtin",
  "mpn",
] as const satisfies readonly ProductCsvColumn[];
const optionNameColumns = ["option1_name", "option2_name", "option3_name"] as const;
const optionValueColumns = ["option1_value", "option2_value", "option3_value"] as const;

type Cells = (column: ProductCsvColumn) => string;

interface Group {
  product: CsvProduct;
  firstCells: Record<(typeof productColumns)[number], string>;
  /** Lower-cased combination → its row. */
  combinations: Map<string, number>;
  /** Per option: lower-cased value → the spelling and row it first appeared with. */
  values: Map<string, { value: string; row: number }>[];
}

export function parseProductsCsv(
  text: string,
  options: { currencyDigits: number; maxRows?: number },
): ParseProductsCsvResult {
  const maxRows = options.maxRows ?? PRODUCTS_CSV_MAX_ROWS;
  // One line break everywhere (a file edited on two systems mixes them); cells keep "\n".
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const parsed = Papa.parse<string[]>(source, {
    delimiter: ",",
    newline: "\n",
    quoteChar: '"',
    header: false,
    skipEmptyLines: false,
  });
  if (parsed.errors.length > 0) {
    // One message per row: a stray quote is also reported as an unclosed one.
    const byRow = new Map<number, CsvError>();
    for (const error of parsed.errors) {
      const row = (error.row ?? 0) + 1;
      const code = error.code === "MissingQuotes" ? "quoteNotClosed" : "quoteNotDoubled";
      if (!byRow.has(row)) byRow.set(row, { row, column: null, code });
    }
    return fail([...byRow.values()]);
  }

  const records = parsed.data;
  let end = records.length;
  while (end > 0 && isBlankRecord(records[end - 1] ?? [])) end--;
  const headerCells = records[0];
  if (end === 0 || !headerCells) {
    return fail([{ row: 1, column: null, code: "fileEmpty" }]);
  }
  const header = readHeader(headerCells);
  if (!header.ok) return fail(header.errors);
  if (end === 1) return fail([{ row: 2, column: null, code: "noRows" }]);
  if (end - 1 > maxRows) {
    return fail([
      { row: maxRows + 2, column: null, code: "tooManyRows", params: { max: maxRows } },
    ]);
  }

  const errors: CsvError[] = [];
  const products: CsvProduct[] = [];
  const handles = new Map<string, number>();
  const skus = new Map<string, number>();
  let group: Group | null = null;

  for (let index = 1; index < end && errors.length < PRODUCTS_CSV_MAX_ERRORS; index++) {
    const record = records[index] ?? [];
    const row = index + 1;
    if (isBlankRecord(record)) continue;
    const report: Report = (column, code, params) => {
      errors.push({ row, column, code, ...(params ? { params } : {}) });
    };
    const cells: Cells = (column) => cleanCell(record[header.index[column]] ?? "");

    if (record.slice(headerCells.length).some((cell) => cell.trim() !== "")) {
      report(null, "extraCells");
    }

    const handle = cells("handle");
    let current: Group | null = null;
    if (handle === "") {
      report("handle", "required");
    } else if (group && group.product.handle === handle) {
      current = group;
      checkRepeatedProductCells(current, cells, report);
    } else if (handles.has(handle)) {
      report("handle", "handleNotTogether", { row: handles.get(handle) ?? 0 });
    } else {
      if (!HANDLE.test(handle) || handle.length > catalogueLimits.slug.max) {
        report("handle", "handleFormat", { max: catalogueLimits.slug.max });
      }
      handles.set(handle, row);
      current = startGroup(handle, row, cells, report);
      group = current;
      products.push(current.product);
    }

    const variant = readVariant(cells, report, options.currencyDigits);
    const sku = variant.sku;
    if (sku !== null) {
      const first = skus.get(sku);
      if (first !== undefined) report("sku", "skuRepeated", { row: first });
      else skus.set(sku, row);
    }
    if (current) addVariant(current, variant, row, cells, report);
  }

  if (errors.length > 0) return fail(errors);
  return { ok: true, products };
}

export function serializeProductsCsv(
  products: CsvProduct[],
  options: { currencyDigits: number },
): string {
  const digits = options.currencyDigits;
  const rows: string[][] = [[...productCsvColumns]];
  for (const product of products) {
    for (const variant of product.variants) {
      const values: Record<ProductCsvColumn, string> = {
        handle: product.handle,
        title: product.title,
        status: product.status,
        category: product.category,
        brand: product.brand ?? "",
        tax_class: product.taxClass,
        summary: product.summary,
        description: product.description,
        option1_name: product.optionNames[0] ?? "",
        option1_value: product.optionNames.length > 0 ? (variant.optionValues[0] ?? "") : "",
        option2_name: product.optionNames[1] ?? "",
        option2_value: product.optionNames.length > 1 ? (variant.optionValues[1] ?? "") : "",
        option3_name: product.optionNames[2] ?? "",
        option3_value: product.optionNames.length > 2 ? (variant.optionValues[2] ?? "") : "",
        sku: variant.sku ?? "",
        price: fromMinorUnits(variant.priceMinor, digits),
        compare_at_price:
          variant.compareAtMinor === null ? "" : fromMinorUnits(variant.compareAtMinor, digits),
        track_stock: variant.trackStock ? "true" : "false",
        stock: variant.trackStock && variant.stock !== null ? String(variant.stock) : "",
        gtin: product.gtin ?? "",
        mpn: product.mpn ?? "",
      };
      rows.push(productCsvColumns.map((column) => values[column]));
    }
  }
  // papaparse quotes as RFC 4180 asks and puts an apostrophe before a would-be formula.
  return `${Papa.unparse(rows, { newline: "\r\n", quotes: false, escapeFormulae: FORMULA })}\r\n`;
}

// ── Reading ────────────────────────────────────────────────────────────────────────────

function fail(errors: CsvError[]): ParseProductsCsvResult {
  return { ok: false, errors: errors.slice(0, PRODUCTS_CSV_MAX_ERRORS) };
}

function isBlankRecord(record: string[]): boolean {
  return record.every((cell) => cell.trim() === "");
}

/** Trims, then takes off the apostrophe the export put before a would-be formula. */
function cleanCell(raw: string): string {
  const cell = raw.trim();
  return FORMULA.test(cell) && cell.startsWith("'") ? cell.slice(1) : cell;
}

function readHeader(
  cells: string[],
): { ok: true; index: Record<ProductCsvColumn, number> } | { ok: false; errors: CsvError[] } {
  if (cells.length === 1 && /[;\t]/.test(cells[0] ?? "")) {
    return {
      ok: false,
      errors: [{ row: 1, column: null, code: "notCommaSeparated" }],
    };
  }
  const errors: CsvError[] = [];
  const index: Partial<Record<ProductCsvColumn, number>> = {};
  cells.forEach((raw, position) => {
    const name = raw.trim();
    if (name === "") {
      errors.push({
        row: 1,
        column: null,
        code: "columnUnnamed",
        params: { position: position + 1 },
      });
    } else if (!isColumn(name)) {
      errors.push({ row: 1, column: name, code: "columnUnknown" });
    } else if (index[name] !== undefined) {
      errors.push({ row: 1, column: name, code: "columnTwice" });
    } else {
      index[name] = position;
    }
  });
  for (const column of productCsvColumns) {
    if (index[column] === undefined) {
      errors.push({ row: 1, column, code: "columnMissing" });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, index: index as Record<ProductCsvColumn, number> };
}

function isColumn(name: string): name is ProductCsvColumn {
  return (productCsvColumns as readonly string[]).includes(name);
}

type Report = (
  column: ProductCsvColumn | null,
  code: CsvProblemCode,
  params?: CsvProblemParams,
) => void;

function startGroup(handle: string, row: number, cells: Cells, report: Report): Group {
  const firstCells = Object.fromEntries(
    productColumns.map((column) => [column, cells(column)]),
  ) as Group["firstCells"];
  const product: CsvProduct = {
    handle,
    title: text(cells, "title", catalogueLimits.title.max, report, { required: true }),
    status: oneOf(cells, "status", listingStatuses, report),
    category: oneOf(cells, "category", productCategories, report),
    brand: text(cells, "brand", catalogueLimits.brandName.max, report) || null,
    taxClass: oneOf(cells, "tax_class", taxClasses, report),
    summary: text(cells, "summary", catalogueLimits.summary.max, report, { multiline: true }),
    description: text(cells, "description", catalogueLimits.description.max, report, {
      multiline: true,
    }),
    optionNames: readOptionNames(cells, report),
    gtin: readGtin(cells, report),
    mpn: readMpn(cells, report),
    variants: [],
    firstRow: row,
  };
  return {
    product,
    firstCells,
    combinations: new Map(),
    values: product.optionNames.map(() => new Map()),
  };
}

function checkRepeatedProductCells(group: Group, cells: Cells, report: Report) {
  for (const column of productColumns) {
    const value = cells(column);
    if (value !== "" && value !== group.firstCells[column]) {
      report(column, "notAsFirstRow", { row: group.product.firstRow });
    }
  }
}

function text(
  cells: Cells,
  column: ProductCsvColumn,
  max: number,
  report: Report,
  options: { required?: boolean; multiline?: boolean } = {},
): string {
  const value = cells(column);
  if (options.required && value === "") report(column, "required");
  else if (value.length > max) report(column, "tooLong", { max });
  else if (!(options.multiline ? MULTI_LINE : SINGLE_LINE).test(value)) {
    report(column, options.multiline ? "controlCharacters" : "notOneLine");
  }
  return value;
}

function oneOf<T extends string>(
  cells: Cells,
  column: ProductCsvColumn,
  allowed: readonly T[],
  report: Report,
): T {
  const value = cells(column).toLowerCase();
  const found = allowed.find((candidate) => candidate === value);
  if (found) return found;
  report(column, "oneOf", { allowed: allowed.join(", ") });
  return allowed[0] as T;
}

function readOptionNames(cells: Cells, report: Report): string[] {
  const names = optionNameColumns.map((column) =>
    text(cells, column, catalogueLimits.options.length, report),
  );
  const count = names.findLastIndex((name) => name !== "") + 1;
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const name = names[i] ?? "";
    const column = optionNameColumns[i] ?? "option1_name";
    if (name === "") {
      report(column, "optionNameGap");
    } else if (seen.has(name.toLowerCase())) {
      report(column, "optionNameRepeated");
    }
    seen.add(name.toLowerCase());
  }
  return names.slice(0, count);
}

function readGtin(cells: Cells, report: Report): string | null {
  const raw = cells("gtin");
  if (raw === "") return null;
  const result = validateGtin(raw);
  if (result.ok) return result.value;
  report("gtin", result.reason === "checkDigit" ? "gtinCheckDigit" : "gtinFormat");
  return null;
}

function readMpn(cells: Cells, report: Report): string | null {
  const raw = cells("mpn");
  if (raw === "") return null;
  const result = validateExternalId("mpn", raw);
  if (result.ok) return result.value;
  report("mpn", "mpnFormat", { max: MPN_MAX_LENGTH });
  return null;
}

function readVariant(cells: Cells, report: Report, digits: number): CsvVariant {
  const sku = text(cells, "sku", catalogueLimits.sku.max, report) || null;
  const priceMinor = readAmount(cells, "price", digits, report, true);
  const compareAtMinor = readAmount(cells, "compare_at_price", digits, report, false);
  if (priceMinor !== null && compareAtMinor !== null && compareAtMinor <= priceMinor) {
    report("compare_at_price", "compareAtNotHigher");
  }
  const trackStock = BOOLEANS[cells("track_stock").toLowerCase()];
  if (trackStock === undefined) report("track_stock", "trackStockBoolean");
  const stock = cells("stock");
  if (trackStock === true && stock === "") {
    report("stock", "stockRequired");
  } else if (trackStock === false && stock !== "") {
    report("stock", "stockNotBlank");
  } else if (stock !== "" && !/^\d+$/.test(stock)) {
    report("stock", "stockWhole");
  } else if (stock !== "" && Number(stock) > MAX_STOCK) {
    // As the file writes it: no thousands separators.
    report("stock", "stockTooHigh", { max: String(MAX_STOCK) });
  }
  return {
    optionValues: optionValueColumns.map((column) => cells(column)),
    sku,
    priceMinor: priceMinor ?? 0,
    compareAtMinor,
    trackStock: trackStock ?? false,
    stock: trackStock && stock !== "" ? Number(stock) : null,
  };
}

/** An amount in major units → minor units; null when blank or wrong (wrong is reported). */
function readAmount(
  cells: Cells,
  column: "price" | "compare_at_price",
  digits: number,
  report: Report,
  required: boolean,
): number | null {
  const value = cells(column);
  if (value === "") {
    if (required) report(column, "required");
    return null;
  }
  const minor = toMinorUnits(value, digits);
  if (minor !== null) return minor;
  const decimal = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (value.startsWith("-")) report(column, "amountNegative");
  else if (/\d[,\s'’]\d/.test(value)) {
    report(column, "amountSeparators");
  } else if (decimal && (decimal[1] ?? "").length > String(MAX_MAJOR_AMOUNT).length) {
    // As the file writes it: a dot for decimals, no thousands separators.
    report(column, "amountTooHigh", { max: fromMinorUnits(maxMinor(digits), digits) });
  } else if (decimal) {
    if (digits === 0) report(column, "amountWhole");
    else report(column, "amountDecimals", { digits });
  } else report(column, "amountFormat");
  return null;
}

function maxMinor(digits: number): number {
  return (MAX_MAJOR_AMOUNT + 1) * 10 ** digits - 1;
}

function addVariant(group: Group, variant: CsvVariant, row: number, cells: Cells, report: Report) {
  const { product } = group;
  const count = product.optionNames.length;
  const values = variant.optionValues;
  values.forEach((value, i) => {
    const column = optionValueColumns[i] ?? "option1_value";
    if (i >= count) {
      if (value !== "") report(column, "optionValueWithoutName");
      return;
    }
    if (product.optionNames[i] === "") return; // the gap in the names is reported
    if (value === "") {
      report(column, "required");
      return;
    }
    text(cells, column, catalogueLimits.options.length, report);
    const known = group.values[i];
    const first = known?.get(value.toLowerCase());
    if (first && first.value !== value) {
      report(column, "optionValueSpelling", { row: first.row, value: first.value });
    } else if (known && !first) {
      if (known.size >= catalogueLimits.options.values) {
        report(column, "optionTooManyValues", { max: catalogueLimits.options.values });
      }
      known.set(value.toLowerCase(), { value, row });
    }
  });
  variant.optionValues = values.slice(0, count);

  const key = JSON.stringify(variant.optionValues.map((value) => value.toLowerCase()));
  const earlier = group.combinations.get(key);
  if (earlier !== undefined) {
    report(null, count === 0 ? "singleVariantRepeated" : "combinationRepeated", { row: earlier });
    return;
  }
  group.combinations.set(key, row);
  if (product.variants.length >= catalogueLimits.variants.max) {
    report(null, "tooManyVariants", { max: catalogueLimits.variants.max });
  }
  product.variants.push(variant);
}
