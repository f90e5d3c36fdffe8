import type { PublishCheck } from "@/lib/listings/publish-checks";

/**
 * The problems of a products CSV import (issue 11 §2: "errors reported by row and column"),
 * as codes with parameters: the codec (products-csv.ts) and the import's checks
 * (products-import*.ts) answer these, and the import dialog words them in the reader's
 * locale from the catalogue (`commerce.import.problems`, `formatCsvProblem` below). No
 * server code: the dialog imports it.
 */
export const csvProblemCodes = [
  // The file
  "quoteNotClosed",
  "quoteNotDoubled",
  "fileEmpty",
  "noRows",
  "tooManyRows",
  // The header row
  "notCommaSeparated",
  "columnUnnamed",
  "columnUnknown",
  "columnTwice",
  "columnMissing",
  // A row's cells
  "extraCells",
  "required",
  "tooLong",
  "notOneLine",
  "controlCharacters",
  "oneOf",
  "handleFormat",
  "handleNotTogether",
  "notAsFirstRow",
  "optionNameGap",
  "optionNameRepeated",
  "optionValueWithoutName",
  "optionValueSpelling",
  "optionTooManyValues",
  "combinationRepeated",
  "singleVariantRepeated",
  "tooManyVariants",
  "gtinCheckDigit",
  "gtinFormat",
  "mpnFormat",
  "amountNegative",
  "amountSeparators",
  "amountTooHigh",
  "amountWhole",
  "amountDecimals",
  "amountFormat",
  "compareAtNotHigher",
  "trackStockBoolean",
  "stockRequired",
  "stockNotBlank",
  "stockWhole",
  "stockTooHigh",
  "skuRepeated",
  // Against the catalogue
  "publishNotAllowed",
  "publishMissing",
  "itemLimit",
  "brandNotAllowed",
  "skuTaken",
  "codeTaken",
  "codeRepeated",
  // Refused by the database while writing (a write that raced the import)
  "skuTakenMeanwhile",
  "codeTakenMeanwhile",
  "handleTakenMeanwhile",
  "brandCreatedMeanwhile",
] as const;
export type CsvProblemCode = (typeof csvProblemCodes)[number];

/**
 * What a problem's text needs: `row` another row it refers to, `max` a limit (a string where
 * it must read as the file writes it: "99999999.99", not "99,999,999.99"), `allowed` the
 * values a cell may hold, `value`, `handle`, `brand` cells of the file or the catalogue,
 * `missing` what publishing needs.
 */
export interface CsvProblemParams {
  row?: number;
  max?: number | string;
  digits?: number;
  position?: number;
  allowed?: string;
  value?: string;
  handle?: string;
  brand?: string;
  missing?: PublishCheck[];
}

export interface CsvError {
  /** 1-based row as a spreadsheet shows it; the header is row 1. */
  row: number;
  /** The column as the file names it (a header error may name an unknown one); null: the row. */
  column: string | null;
  code: CsvProblemCode;
  params?: CsvProblemParams;
}

/** The file's columns, in their order (products-csv.ts), whose labels the catalogue has (`commerce.import.columns`). */
export const csvColumnLabels = [
  "handle",
  "title",
  "status",
  "category",
  "brand",
  "tax_class",
  "summary",
  "description",
  "option1_name",
  "option1_value",
  "option2_name",
  "option2_value",
  "option3_name",
  "option3_value",
  "sku",
  "price",
  "compare_at_price",
  "track_stock",
  "stock",
  "gtin",
  "mpn",
] as const;
type LabelledColumn = (typeof csvColumnLabels)[number];

const isLabelledColumn = (column: string | null): column is LabelledColumn =>
  column !== null && (csvColumnLabels as readonly string[]).includes(column);

/** The catalogue keys the formatter reads, under `commerce.import`. */
export type CsvProblemKey =
  `problems.${CsvProblemCode}` | `columns.${LabelledColumn}` | `publishChecks.${PublishCheck}`;

/** `t` of `commerce.import` (useTranslations, getTranslations or createTranslator). */
export type CsvProblemTranslator = (
  key: CsvProblemKey,
  values?: Record<string, string | number>,
) => string;

/**
 * A problem's text in the translator's locale: its parameters, the column's label (`label`)
 * and the list of what publishing needs, joined by `list` (the locale's "a, b and c").
 */
export function formatCsvProblem(
  error: CsvError,
  t: CsvProblemTranslator,
  list: (items: string[]) => string,
): string {
  const { missing, ...params } = error.params ?? {};
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) values[name] = value;
  }
  if (isLabelledColumn(error.column)) values.label = t(`columns.${error.column}`);
  if (missing) values.missing = list(missing.map((check) => t(`publishChecks.${check}`)));
  return t(`problems.${error.code}`, values);
}
