import { describe, expect, it } from "vitest";
import {
  parseProductsCsv,
  productCsvColumns,
  serializeProductsCsv,
  type CsvError,
  type CsvProduct,
  type ProductCsvColumn,
} from "./products-csv";
import type { CsvProblemCode, CsvProblemParams } from "./products-csv-problems";

const HEADER = productCsvColumns.join(",");
const EUR = { currencyDigits: 2 };

type Row = Partial<Record<ProductCsvColumn, string>>;

/** A valid row of a product without options; `overrides` change or blank cells. */
function row(overrides: Row = {}): Row {
  return {
    handle: "plain-mug",
    title: "Plain mug",
    status: "published",
    category: "home",
    brand: "Acme",
    tax_class: "standard",
    summary: "A mug.",
    description: "Holds coffee.",
    price: "12.50",
    track_stock: "true",
    stock: "4",
    ...overrides,
  };
}

function quote(cell: string): string {
  return /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

function csv(rows: Row[], eol = "\r\n"): string {
  const lines = rows.map((r) => productCsvColumns.map((c) => quote(r[c] ?? "")).join(","));
  return [HEADER, ...lines].join(eol) + eol;
}

function parseOk(
  text: string,
  options: { currencyDigits: number; maxRows?: number } = EUR,
): CsvProduct[] {
  const result = parseProductsCsv(text, options);
  if (!result.ok) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
  return result.products;
}

function parseErrors(text: string, options: { currencyDigits: number; maxRows?: number } = EUR) {
  const result = parseProductsCsv(text, options);
  if (result.ok) throw new Error("accepted an invalid file");
  return result.errors;
}

/** The errors of a file whose rows are `rows`: row, column, code and parameters. */
function errorsOf(rows: Row[], options = EUR): CsvError[] {
  return parseErrors(csv(rows), options);
}

const withoutFirstRow = (products: CsvProduct[]) =>
  products.map(({ firstRow: _firstRow, ...rest }) => rest);

const tShirt: CsvProduct = {
  handle: "organic-t-shirt",
  title: 'The "Classic" T-shirt, organic',
  status: "published",
  category: "fashion",
  brand: "Nordwolle",
  taxClass: "standard",
  summary: "Soft, heavy cotton; fair made.",
  description: 'Line one,\nline two with "quotes"\n\n- a list item\n- 日本語 ✓ Größe',
  optionNames: ["Size", "Colour", "Fit"],
  gtin: "4006381333931",
  mpn: "TS-100/ORG",
  variants: [
    {
      optionValues: ["S", "Black", "Regular"],
      sku: "TS-S-BLK",
      priceMinor: 2990,
      compareAtMinor: 3990,
      trackStock: true,
      stock: 12,
    },
    {
      optionValues: ["M", "Black", "Regular"],
      sku: "TS-M-BLK",
      priceMinor: 2990,
      compareAtMinor: null,
      trackStock: true,
      stock: 0,
    },
    {
      optionValues: ["M", "Off-white, undyed", "Slim"],
      sku: null,
      priceMinor: 3105,
      compareAtMinor: null,
      trackStock: false,
      stock: null,
    },
  ],
  firstRow: 2,
};

const formulaLike: CsvProduct = {
  handle: "x-1",
  title: '=HYPERLINK("http://evil")',
  status: "draft",
  category: "electronics",
  brand: "@home",
  taxClass: "reduced",
  summary: "-50% this week",
  description: "+1 for \t tabs\n=not a formula either",
  optionNames: ["Plug"],
  gtin: null,
  mpn: "'=already quoted",
  variants: [
    {
      optionValues: ["+EU"],
      sku: "-SKU",
      priceMinor: 0,
      compareAtMinor: 1,
      trackStock: false,
      stock: null,
    },
    {
      optionValues: ["'@UK"],
      sku: "'plain apostrophe",
      priceMinor: 99_999_999,
      compareAtMinor: null,
      trackStock: true,
      stock: 9_999_999,
    },
  ],
  firstRow: 5,
};

const book: CsvProduct = {
  handle: "a",
  title: "Ein Buch über Käse 🧀",
  status: "archived",
  category: "books",
  brand: null,
  taxClass: "zero",
  summary: "",
  description: "",
  optionNames: [],
  gtin: "9780306406157",
  mpn: null,
  variants: [
    {
      optionValues: [],
      sku: "BOOK-1",
      priceMinor: 5,
      compareAtMinor: null,
      trackStock: true,
      stock: 3,
    },
  ],
  firstRow: 7,
};

describe("serializeProductsCsv", () => {
  const text = serializeProductsCsv([tShirt, formulaLike, book], EUR);
  const lines = text.split("\r\n");

  it("writes the header, CRLF line ends and one row per variant", () => {
    expect(lines[0]).toBe(HEADER);
    expect(text.endsWith("\r\n")).toBe(true);
    const parsed = parseOk(text);
    expect(parsed.map((p) => [p.handle, p.firstRow, p.variants.length])).toEqual([
      ["organic-t-shirt", 2, 3],
      ["x-1", 5, 2],
      ["a", 7, 1],
    ]);
  });

  it("repeats the product's columns on every row and formats prices with the currency's decimals", () => {
    const bookLine = lines.find((line) => line.startsWith("a,"));
    expect(bookLine).toBe(
      "a,Ein Buch über Käse 🧀,archived,books,,zero,,,,,,,,,BOOK-1,0.05,,true,3,9780306406157,",
    );
    expect(text.match(/Nordwolle/g)).toHaveLength(3);
    expect(text).toContain(",29.90,39.90,true,12,");
    expect(text).toContain(",999999.99,,true,9999999,");
    const yen = serializeProductsCsv([book], { currencyDigits: 0 });
    expect(yen).toContain(",BOOK-1,5,,true,3,");
    const dinar = serializeProductsCsv([book], { currencyDigits: 3 });
    expect(dinar).toContain(",BOOK-1,0.005,,true,3,");
  });

  it("quotes as RFC 4180: commas, quotes and line breaks", () => {
    expect(text).toContain('"The ""Classic"" T-shirt, organic"');
    expect(text).toContain(
      '"Line one,\nline two with ""quotes""\n\n- a list item\n- 日本語 ✓ Größe"',
    );
    expect(text).toContain(',"Off-white, undyed",');
  });

  it("puts an apostrophe before cells a spreadsheet would run as formulas", () => {
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain("'@home");
    expect(text).toContain("'-50% this week");
    expect(text).toContain("'+1 for \t tabs");
    expect(text).toContain("'+EU");
    expect(text).toContain("'-SKU");
    expect(text).toContain("''=already quoted");
    expect(text).toContain("''@UK");
    expect(text).toContain(",'plain apostrophe,");
  });
});

describe("round trip", () => {
  it.each([0, 2, 3])("parse(serialize(x)) equals x with %i currency digits", (digits) => {
    const products = [tShirt, formulaLike, book];
    const text = serializeProductsCsv(products, { currencyDigits: digits });
    const parsed = parseOk(text, { currencyDigits: digits });
    expect(withoutFirstRow(parsed)).toEqual(withoutFirstRow(products));
    expect(serializeProductsCsv(parsed, { currencyDigits: digits })).toBe(text);
  });

  it("an empty catalogue serialises to the header alone", () => {
    expect(serializeProductsCsv([], EUR)).toBe(`${HEADER}\r\n`);
  });
});

describe("parseProductsCsv: reading files", () => {
  it("reads a minimal product", () => {
    expect(parseOk(csv([row()]))).toEqual([
      {
        handle: "plain-mug",
        title: "Plain mug",
        status: "published",
        category: "home",
        brand: "Acme",
        taxClass: "standard",
        summary: "A mug.",
        description: "Holds coffee.",
        optionNames: [],
        gtin: null,
        mpn: null,
        variants: [
          {
            optionValues: [],
            sku: null,
            priceMinor: 1250,
            compareAtMinor: null,
            trackStock: true,
            stock: 4,
          },
        ],
        firstRow: 2,
      },
    ]);
  });

  it("accepts a BOM, LF or CRLF, trailing blank lines and a blank line between products", () => {
    const rows = [row(), row({ handle: "other" })];
    const plain = parseOk(csv(rows));
    expect(parseOk(`\uFEFF${csv(rows)}\r\n\r\n,,,\r\n`)).toEqual(plain);
    expect(parseOk(csv(rows, "\n"))).toEqual(plain);
    const gap = csv([row()]) + "\r\n" + csv([row({ handle: "other" })]).split("\r\n")[1] + "\r\n";
    expect(parseOk(gap).map((p) => p.firstRow)).toEqual([2, 4]);
  });

  it("takes columns in any order", () => {
    const columns = [...productCsvColumns].reverse();
    const values = row({ gtin: "96385074" });
    const text = `${columns.join(",")}\n${columns.map((c) => quote(values[c] ?? "")).join(",")}\n`;
    expect(parseOk(text)[0]?.gtin).toBe("96385074");
  });

  it("trims cells and reads enumerations and booleans case-insensitively", () => {
    const [product] = parseOk(
      csv([
        row({
          title: "  Mug  ",
          status: "Draft",
          category: " HOME ",
          track_stock: "No",
          stock: "",
        }),
      ]),
    );
    expect(product?.title).toBe("Mug");
    expect(product?.status).toBe("draft");
    expect(product?.category).toBe("home");
    expect(product?.variants[0]?.trackStock).toBe(false);
  });

  it.each([
    ["true", true],
    ["TRUE", true],
    ["yes", true],
    ["Yes", true],
    ["1", true],
    ["false", false],
    ["no", false],
    ["0", false],
  ])("track_stock %j → %s", (cell, tracked) => {
    const [product] = parseOk(csv([row({ track_stock: cell, stock: tracked ? "1" : "" })]));
    expect(product?.variants[0]?.trackStock).toBe(tracked);
  });

  it("reads product columns from the first row; later rows may leave them blank or repeat them", () => {
    const first = row({ option1_name: "Size", option1_value: "S", gtin: "4006381333931" });
    const blank: Row = { handle: "plain-mug", option1_value: "M", price: "13", track_stock: "0" };
    const repeated = { ...first, option1_value: "L" };
    const [product] = parseOk(csv([first, blank, repeated]));
    expect(product?.optionNames).toEqual(["Size"]);
    expect(product?.variants.map((v) => [v.optionValues, v.priceMinor, v.stock])).toEqual([
      [["S"], 1250, 4],
      [["M"], 1300, null],
      [["L"], 1250, 4],
    ]);
  });

  it("normalises a GTIN and line breaks inside a description", () => {
    const text = csv([row({ gtin: "4 006381-333931" })]).replace(
      "Holds coffee.",
      '"Holds\r\ncoffee\rand tea"',
    );
    const [product] = parseOk(text);
    expect(product?.gtin).toBe("4006381333931");
    expect(product?.description).toBe("Holds\ncoffee\nand tea");
  });

  it.each([
    ["19.99", 2, 1999],
    ["1999", 2, 199_900],
    ["0.5", 2, 50],
    ["0", 2, 0],
    ["99999999.99", 2, 9_999_999_999],
    ["1999", 0, 1999],
    ["1.005", 3, 1005],
  ])("price %s with %i digits → %i", (cell, digits, minor) => {
    const [product] = parseOk(csv([row({ price: cell })]), { currencyDigits: digits });
    expect(product?.variants[0]?.priceMinor).toBe(minor);
  });

  it("numbers rows as a spreadsheet does, counting a multi-line cell as one row", () => {
    const text = csv([row({ description: "one\ntwo\nthree" }), row({ handle: "b", price: "x" })]);
    expect(parseErrors(text)).toEqual([{ row: 3, column: "price", code: "amountFormat" }]);
  });
});

describe("parseProductsCsv: the header", () => {
  it("reports unknown, missing and repeated columns on row 1", () => {
    const header = HEADER.replace("mpn", "colour").replace("gtin", "sku");
    const errors = parseErrors(`${header}\r\n`);
    expect(errors).toEqual([
      { row: 1, column: "sku", code: "columnTwice" },
      { row: 1, column: "colour", code: "columnUnknown" },
      { row: 1, column: "gtin", code: "columnMissing" },
      { row: 1, column: "mpn", code: "columnMissing" },
    ]);
  });

  it("names are exact: case and unnamed columns are errors", () => {
    expect(parseErrors(`${HEADER.replace("title", "Title")},\n`)).toEqual([
      { row: 1, column: "Title", code: "columnUnknown" },
      { row: 1, column: null, code: "columnUnnamed", params: { position: 22 } },
      { row: 1, column: "title", code: "columnMissing" },
    ]);
  });

  it("an empty file, a header alone and a semicolon file are errors", () => {
    expect(parseErrors("")).toEqual([{ row: 1, column: null, code: "fileEmpty" }]);
    expect(parseErrors("\uFEFF\r\n\r\n")[0]?.code).toBe("fileEmpty");
    expect(parseErrors(`${HEADER}\r\n\r\n`)).toEqual([{ row: 2, column: null, code: "noRows" }]);
    expect(parseErrors(`${productCsvColumns.join(";")}\n`)).toEqual([
      { row: 1, column: null, code: "notCommaSeparated" },
    ]);
  });
});

describe("parseProductsCsv: malformed CSV", () => {
  it("an unclosed quote", () => {
    const text = `${csv([row()])}plain-mug,"Mug\r\n`;
    expect(parseErrors(text)).toEqual([{ row: 3, column: null, code: "quoteNotClosed" }]);
  });

  it("a stray quote after a quoted cell", () => {
    const text = csv([row()]).replace("Plain mug", '"Plain" mug');
    expect(parseErrors(text)).toEqual([{ row: 2, column: null, code: "quoteNotDoubled" }]);
  });

  it("non-blank cells beyond the header", () => {
    const text = `${HEADER}\r\n${csv([row()]).split("\r\n")[1]},extra\r\n`;
    expect(parseErrors(text)).toEqual([{ row: 2, column: null, code: "extraCells" }]);
    const blankExtra = `${HEADER}\r\n${csv([row()]).split("\r\n")[1]},,\r\n`;
    expect(parseOk(blankExtra)).toHaveLength(1);
  });
});

describe("parseProductsCsv: product columns", () => {
  it.each<[Row, ProductCsvColumn, CsvProblemCode, CsvProblemParams?]>([
    [{ handle: "" }, "handle", "required"],
    [{ handle: "Plain-Mug" }, "handle", "handleFormat", { max: 80 }],
    [{ handle: "plain--mug" }, "handle", "handleFormat", { max: 80 }],
    [{ handle: "-mug" }, "handle", "handleFormat", { max: 80 }],
    [{ handle: "a".repeat(81) }, "handle", "handleFormat", { max: 80 }],
    [{ title: "" }, "title", "required"],
    [{ title: "x".repeat(201) }, "title", "tooLong", { max: 200 }],
    [{ title: "two\nlines" }, "title", "notOneLine"],
    [{ status: "live" }, "status", "oneOf", { allowed: "draft, published, archived" }],
    [
      { category: "toys" },
      "category",
      "oneOf",
      { allowed: "electronics, fashion, groceries, books, home, course, flight, car-rental" },
    ],
    [{ tax_class: "" }, "tax_class", "oneOf", { allowed: "standard, reduced, zero, exempt" }],
    [{ brand: "b".repeat(121) }, "brand", "tooLong", { max: 120 }],
    [{ summary: "s".repeat(301) }, "summary", "tooLong", { max: 300 }],
    [{ description: "nul\u0000" }, "description", "controlCharacters"],
    [{ gtin: "4006381333932" }, "gtin", "gtinCheckDigit"],
    [{ gtin: "0306406152" }, "gtin", "gtinFormat"],
    [{ gtin: "ABC" }, "gtin", "gtinFormat"],
    [{ mpn: "m".repeat(71) }, "mpn", "mpnFormat", { max: 70 }],
  ])("%j → %s error %s", (overrides, column, code, params) => {
    expect(errorsOf([row(overrides)])).toEqual([
      { row: 2, column, code, ...(params ? { params } : {}) },
    ]);
  });

  it("a later row's product cell must be blank or equal to the first row's", () => {
    const first = row({ option1_name: "Size", option1_value: "S" });
    const errors = errorsOf([
      first,
      { ...first, option1_value: "M", title: "Other title" },
      { ...first, option1_value: "L", option1_name: "size", gtin: "96385074" },
    ]);
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, "title"],
      [4, "option1_name"],
      [4, "gtin"],
    ]);
    expect(errors[0]).toMatchObject({ code: "notAsFirstRow", params: { row: 2 } });
  });

  it("rows of one product must be together", () => {
    const errors = errorsOf([row(), row({ handle: "other" }), row()]);
    expect(errors).toEqual([
      {
        row: 4,
        column: "handle",
        code: "handleNotTogether",
        params: { row: 2 },
      },
    ]);
  });

  it("option names are filled in order and differ", () => {
    expect(
      errorsOf([row({ option2_name: "Colour", option2_value: "Red" })]).map((e) => e.column),
    ).toEqual(["option1_name"]);
    expect(errorsOf([row({ option2_name: "Colour", option2_value: "Red" })])[0]?.code).toBe(
      "optionNameGap",
    );
    const twice = errorsOf([
      row({ option1_name: "Size", option1_value: "S", option2_name: "SIZE", option2_value: "M" }),
    ]);
    expect(twice).toEqual([{ row: 2, column: "option2_name", code: "optionNameRepeated" }]);
  });
});

describe("parseProductsCsv: variants", () => {
  const sized = (value: string, more: Row = {}) =>
    row({ option1_name: "Size", option1_value: value, ...more });

  it("a named option needs a value; an unnamed one must have none", () => {
    expect(errorsOf([sized("")])).toEqual([{ row: 2, column: "option1_value", code: "required" }]);
    expect(errorsOf([sized("S", { option2_value: "Red" })])).toEqual([
      {
        row: 2,
        column: "option2_value",
        code: "optionValueWithoutName",
      },
    ]);
  });

  it("the combination is unique within the product, case-insensitively", () => {
    const errors = errorsOf([sized("S"), sized("M"), sized("S", { sku: "X" })]);
    expect(errors).toEqual([
      { row: 4, column: null, code: "combinationRepeated", params: { row: 2 } },
    ]);
    const other = errorsOf([
      sized("S", { option2_name: "Colour", option2_value: "Red" }),
      sized("S", { option2_name: "Colour", option2_value: "red" }),
    ]);
    expect(other.map((e) => [e.row, e.column])).toEqual([
      [3, "option2_value"],
      [3, null],
    ]);
    expect(other[0]).toMatchObject({
      code: "optionValueSpelling",
      params: { row: 2, value: "Red" },
    });
  });

  it("the same combination in two products is fine", () => {
    expect(parseOk(csv([sized("S"), sized("S", { handle: "b" })]))).toHaveLength(2);
  });

  it("a product without options has one row", () => {
    expect(errorsOf([row(), row({ sku: "other" })])).toEqual([
      {
        row: 3,
        column: null,
        code: "singleVariantRepeated",
        params: { row: 2 },
      },
    ]);
  });

  it("at most 20 values per option and 100 variants per product", () => {
    const values = Array.from({ length: 21 }, (_, i) => sized(`V${i}`));
    const errors = errorsOf(values);
    expect(errors).toEqual([
      { row: 22, column: "option1_value", code: "optionTooManyValues", params: { max: 20 } },
    ]);
    const variants = Array.from({ length: 101 }, (_, i) =>
      sized(`S${i % 20}`, { option2_name: "Colour", option2_value: `C${Math.floor(i / 20)}` }),
    );
    expect(errorsOf(variants)).toEqual([
      { row: 102, column: null, code: "tooManyVariants", params: { max: 100 } },
    ]);
  });

  it("a SKU is used once in the file", () => {
    expect(errorsOf([row({ sku: "A-1" }), row({ handle: "b", sku: "A-1" })])).toEqual([
      { row: 3, column: "sku", code: "skuRepeated", params: { row: 2 } },
    ]);
  });

  it.each<[string, number, CsvProblemCode, CsvProblemParams?]>([
    ["", 2, "required"],
    ["19.999", 2, "amountDecimals", { digits: 2 }],
    ["19.990", 2, "amountDecimals", { digits: 2 }],
    ["19.5", 0, "amountWhole"],
    ["-1", 2, "amountNegative"],
    ["-0.01", 2, "amountNegative"],
    ["1,999.00", 2, "amountSeparators"],
    ["1.999,00", 2, "amountSeparators"],
    ["1 999", 2, "amountSeparators"],
    ["19,99", 2, "amountSeparators"],
    ["100000000", 2, "amountTooHigh", { max: "99999999.99" }],
    ["100000000", 0, "amountTooHigh", { max: "99999999" }],
    ["1e3", 2, "amountFormat"],
    ["+5", 2, "amountFormat"],
    [".5", 2, "amountFormat"],
    ["5.", 2, "amountFormat"],
    ["€5", 2, "amountFormat"],
  ])("price %j with %i digits: %s", (cell, digits, code, params) => {
    expect(errorsOf([row({ price: cell })], { currencyDigits: digits })).toEqual([
      { row: 2, column: "price", code, ...(params ? { params } : {}) },
    ]);
  });

  it("compare-at price is blank or above the price", () => {
    expect(parseOk(csv([row({ compare_at_price: "12.51" })]))[0]?.variants[0]?.compareAtMinor).toBe(
      1251,
    );
    for (const cell of ["12.50", "12", "0"]) {
      expect(errorsOf([row({ compare_at_price: cell })])).toEqual([
        {
          row: 2,
          column: "compare_at_price",
          code: "compareAtNotHigher",
        },
      ]);
    }
    expect(errorsOf([row({ compare_at_price: "-1" })])[0]?.code).toBe("amountNegative");
  });

  it.each<[Row, ProductCsvColumn, CsvProblemCode, CsvProblemParams?]>([
    [{ track_stock: "" }, "track_stock", "trackStockBoolean"],
    [{ track_stock: "maybe" }, "track_stock", "trackStockBoolean"],
    [{ track_stock: "true", stock: "" }, "stock", "stockRequired"],
    [{ track_stock: "false", stock: "3" }, "stock", "stockNotBlank"],
    [{ stock: "-1" }, "stock", "stockWhole"],
    [{ stock: "2.5" }, "stock", "stockWhole"],
    [{ stock: "10000000" }, "stock", "stockTooHigh", { max: "9999999" }],
    [{ sku: "s".repeat(65) }, "sku", "tooLong", { max: 64 }],
  ])("%j: %s", (overrides, column, code, params) => {
    expect(errorsOf([row(overrides)])).toEqual([
      { row: 2, column, code, ...(params ? { params } : {}) },
    ]);
  });
});

describe("parseProductsCsv: all errors, never a part", () => {
  it("checks every row and returns no products when any row is wrong", () => {
    const errors = errorsOf([
      row({ status: "live", price: "abc" }),
      row({ handle: "ok" }),
      row({ handle: "b", category: "x", stock: "-2" }),
    ]);
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, "status"],
      [2, "price"],
      [4, "category"],
      [4, "stock"],
    ]);
  });

  it("stops at 200 errors", () => {
    const rows = Array.from({ length: 150 }, (_, i) =>
      row({ handle: `p${i}`, price: "x", stock: "-1" }),
    );
    expect(errorsOf(rows)).toHaveLength(200);
  });

  it("refuses more rows than maxRows", () => {
    const rows = Array.from({ length: 4 }, (_, i) => row({ handle: `p${i}` }));
    expect(parseOk(csv(rows), { currencyDigits: 2, maxRows: 4 })).toHaveLength(4);
    expect(parseErrors(csv(rows), { currencyDigits: 2, maxRows: 3 })).toEqual([
      { row: 5, column: null, code: "tooManyRows", params: { max: 3 } },
    ]);
  });

  it("takes off the apostrophe before a formula character only", () => {
    const [product] = parseOk(
      csv([row({ title: "'=1+1", summary: "'plain", brand: "''-x", description: "'\tx" })]),
    );
    expect(product?.title).toBe("=1+1");
    expect(product?.summary).toBe("'plain");
    expect(product?.brand).toBe("'-x");
    expect(product?.description).toBe("\tx");
  });
});
