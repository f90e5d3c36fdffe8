import { createFormatter, createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en";
import es from "@/messages/es";
import { parseProductsCsv, productCsvColumns } from "./products-csv";
import {
  csvColumnLabels,
  csvProblemCodes,
  formatCsvProblem,
  type CsvError,
} from "./products-csv-problems";

/**
 * The import's problems reach the reader in their locale: every code and column has its text
 * in both catalogues, and the formatter fills in the parameters, the column's label and the
 * locale's list of what publishing needs.
 */
function formatterFor(locale: "en" | "es") {
  const messages = locale === "en" ? en : es;
  const t = createTranslator({ locale, messages, namespace: "commerce.import" });
  const format = createFormatter({ locale });
  return (error: CsvError) =>
    formatCsvProblem(error, t, (items) => format.list(items, { type: "conjunction" }));
}

const english = formatterFor("en");
const spanish = formatterFor("es");

describe("formatCsvProblem", () => {
  it("has a text for every code, column and publish check in both catalogues", () => {
    for (const messages of [en, es]) {
      const catalogue = messages.commerce.import;
      expect(Object.keys(catalogue.problems).sort()).toEqual([...csvProblemCodes].sort());
      expect(Object.keys(catalogue.columns)).toEqual([...csvColumnLabels]);
      expect(Object.keys(catalogue.publishChecks).sort()).toEqual(
        ["description", "price", "summary", "title"].sort(),
      );
    }
    expect([...csvColumnLabels]).toEqual([...productCsvColumns]);
  });

  it("words a parsed file's problems in English and in Spanish", () => {
    const header = productCsvColumns.join(",");
    const cells: Record<string, string> = {
      handle: "mug",
      title: "Mug",
      status: "live",
      category: "home",
      tax_class: "standard",
      price: "1 250",
      track_stock: "true",
      stock: "4",
    };
    const text = `${header}\n${productCsvColumns.map((c) => cells[c] ?? "").join(",")}\n`;
    const result = parseProductsCsv(text, { currencyDigits: 2 });
    if (result.ok) throw new Error("accepted an invalid file");
    expect(result.errors.map(english)).toEqual([
      "Status must be one of: draft, published, archived.",
      "Price must use a dot for decimals and no thousands separators.",
    ]);
    expect(result.errors.map(spanish)).toEqual([
      "El campo «Estado» debe tener uno de estos valores: draft, published, archived.",
      "El campo «Precio» debe usar el punto para los decimales y ningún separador de miles.",
    ]);
  });

  it("gives the Spanish locale Spanish texts, with the parameters in place", () => {
    const cases: [CsvError, string, string][] = [
      [
        { row: 2, column: "title", code: "required" },
        "Title is required.",
        "El campo «Título» es obligatorio.",
      ],
      [
        {
          row: 4,
          column: "option1_value",
          code: "optionValueSpelling",
          params: { row: 2, value: "Red" },
        },
        "Write this value as on row 2: “Red”.",
        "Escribe este valor como en la fila 2: «Red».",
      ],
      [
        { row: 2, column: "price", code: "amountDecimals", params: { digits: 1 } },
        "Price can have at most 1 decimal.",
        "El campo «Precio» admite como máximo 1 decimal.",
      ],
      [
        {
          row: 2,
          column: "compare_at_price",
          code: "amountTooHigh",
          params: { max: "99999999.99" },
        },
        "Compare-at price must be at most 99999999.99.",
        "El campo «Precio de comparación» debe ser como máximo 99999999.99.",
      ],
      [
        { row: 1, column: null, code: "columnUnnamed", params: { position: 22 } },
        "Column 22 has no name.",
        "La columna 22 no tiene nombre.",
      ],
      [
        {
          row: 5,
          column: "status",
          code: "publishMissing",
          params: { missing: ["summary", "price"] },
        },
        "Before it can be published, this product needs a summary of at least 10 characters and a price.",
        "Para poder publicarse, este producto necesita un resumen de al menos 10 caracteres y un precio.",
      ],
      [
        { row: 3, column: "brand", code: "brandNotAllowed", params: { brand: "Acme {x}" } },
        "There is no brand “Acme {x}”, and you may not create brands: use an existing brand or leave the cell blank.",
        "No existe la marca «Acme {x}» y no puedes crear marcas: usa una marca existente o deja la celda en blanco.",
      ],
      [
        { row: 9, column: "handle", code: "itemLimit", params: { max: 100 } },
        "Your plan allows 100 products that are not archived; this row goes over it.",
        "Tu plan permite 100 productos sin archivar; esta fila supera el límite.",
      ],
    ];
    for (const [error, inEnglish, inSpanish] of cases) {
      expect(english(error)).toBe(inEnglish);
      expect(spanish(error)).toBe(inSpanish);
    }
  });

  it("words every code in both locales without a missing parameter", () => {
    const params = {
      row: 2,
      max: 10,
      digits: 2,
      position: 3,
      allowed: "a, b",
      value: "v",
      handle: "h",
      brand: "b",
      missing: ["title" as const],
    };
    for (const code of csvProblemCodes) {
      const error: CsvError = { row: 2, column: "price", code, params };
      for (const words of [english, spanish]) {
        const text = words(error);
        expect(text).not.toMatch(/[{}]|commerce\.import/);
        expect(text.length).toBeGreaterThan(5);
      }
      expect(spanish(error)).not.toBe(english(error));
    }
  });
});
