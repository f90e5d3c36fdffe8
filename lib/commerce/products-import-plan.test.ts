import { describe, expect, it } from "vitest";
import type { CsvProduct, CsvVariant } from "./products-csv";
import {
  exportedIds,
  externalIdErrors,
  gtinTypeOf,
  itemLimitErrors,
  mergeOptions,
  planExternalIds,
  planProduct,
  planVariants,
  publishErrors,
  rowsByProduct,
  skuCaseErrors,
  variantRows,
  type CurrentProduct,
  type CurrentVariant,
} from "./products-import-plan";

function csvVariant(optionValues: string[], overrides: Partial<CsvVariant> = {}): CsvVariant {
  return {
    optionValues,
    sku: null,
    priceMinor: 1000,
    compareAtMinor: null,
    trackStock: true,
    stock: 5,
    ...overrides,
  };
}

function stored(id: string, optionValues: string[], position: number): CurrentVariant {
  return { id, position, ...csvVariant(optionValues) };
}

const shirt: CsvProduct = {
  handle: "shirt",
  title: "Shirt",
  status: "draft",
  category: "fashion",
  brand: "Acme",
  taxClass: "standard",
  summary: "A plain shirt.",
  description: "Line one\nline two",
  optionNames: ["Size"],
  gtin: "4006381333931",
  mpn: "SH-1",
  variants: [csvVariant(["S"], { sku: "SH-S" }), csvVariant(["M"], { sku: "SH-M" })],
  firstRow: 2,
};

const current: CurrentProduct = {
  id: "p1",
  handle: "shirt",
  title: "Shirt",
  summary: "A plain shirt.",
  description: "Line one\r\nline two\n",
  category: "fashion",
  status: "draft",
  brandId: "b1",
  taxClass: "standard",
  options: [{ name: "Size", values: ["S", "M", "L"] }],
  variants: [
    { ...stored("v1", ["S"], 0), sku: "SH-S" },
    { ...stored("v2", ["M"], 1), sku: "SH-M" },
  ],
  externalIds: [
    { id: "e1", type: "ean", value: "4006381333931", matchKey: "gtin:04006381333931" },
    { id: "e2", type: "gtin14", value: "14006381333938", matchKey: "gtin:14006381333938" },
    { id: "e3", type: "mpn", value: "SH-1", matchKey: "mpn:sh-1" },
  ],
};

describe("planProduct", () => {
  it("a product as stored changes nothing (texts compare as the file reads them)", () => {
    const plan = planProduct(shirt, [2, 3], current, { id: "b1" });
    expect(plan).toMatchObject({
      listing: {},
      status: null,
      brandChanged: false,
      taxClassChanged: false,
      options: null,
      variants: { remove: [], clearSku: [], update: [], insert: [] },
      externalIds: { remove: [], insert: [] },
      contentChanged: false,
      changed: false,
    });
  });

  it("a new handle writes everything; price-from and in-stock come from the variants", () => {
    const plan = planProduct(shirt, [2, 3], null, { create: "Acme" });
    expect(plan.changed).toBe(true);
    expect(plan.status).toEqual({ from: null, to: "draft" });
    expect(plan.variants.insert.map((v) => [v.row, v.values.position])).toEqual([
      [2, 0],
      [3, 1],
    ]);
    expect(plan.externalIds.insert.map((id) => [id.type, id.value])).toEqual([
      ["gtin13", "4006381333931"],
      ["mpn", "SH-1"],
    ]);
    expect(plan.priceFromMinor).toBe(1000);
    expect(plan.inStock).toBe(true);
  });

  it("a status change alone is not a content change", () => {
    const plan = planProduct({ ...shirt, status: "archived" }, [2, 3], current, { id: "b1" });
    expect(plan).toMatchObject({ contentChanged: false, changed: true });
    expect(plan.status).toEqual({ from: "draft", to: "archived" });
  });

  it("another brand, tax class or title is a content change of just that field", () => {
    const plan = planProduct({ ...shirt, title: "Shirt 2", taxClass: "reduced" }, [2, 3], current, {
      id: "b2",
    });
    expect(plan.listing).toEqual({ title: "Shirt 2" });
    expect(plan).toMatchObject({ brandChanged: true, taxClassChanged: true, contentChanged: true });
  });
});

describe("planVariants", () => {
  const currentVariants = [stored("a", ["S", "Red"], 0), stored("b", ["M", "Red"], 1)];

  it("matches by option values ignoring case, keeps ids, updates only what differs", () => {
    const plan = planVariants(
      currentVariants,
      [csvVariant(["s", "red"], { priceMinor: 900 }), csvVariant(["M", "Red"])],
      [2, 3],
    );
    expect(plan.update).toEqual([
      { id: "a", row: 2, set: { optionValues: ["s", "red"], priceMinor: 900 } },
    ]);
    expect(plan.insert).toEqual([]);
    expect(plan.remove).toEqual([]);
  });

  it("removes what the file leaves out, inserts what is new, renumbers when the order changes", () => {
    const plan = planVariants(
      currentVariants,
      [csvVariant(["M", "Red"]), csvVariant(["L", "Red"])],
      [2, 3],
    );
    expect(plan.remove).toEqual(["a"]);
    expect(plan.insert).toEqual([{ row: 3, values: expect.objectContaining({ position: 1 }) }]);
    expect(plan.update).toEqual([{ id: "b", row: 2, set: { position: 0 } }]);
  });

  it("keeps stored positions when the file lists the same variants in their order", () => {
    const odd = [stored("a", ["S"], 4), stored("b", ["M"], 4)];
    const plan = planVariants(odd, [csvVariant(["S"]), csvVariant(["M"])], [2, 3]);
    expect(plan.update).toEqual([]);
  });

  it("a changed SKU is cleared first (SKUs may move between variants)", () => {
    const withSkus = [
      { ...stored("a", ["S"], 0), sku: "X" },
      { ...stored("b", ["M"], 1), sku: "Y" },
    ];
    const plan = planVariants(
      withSkus,
      [csvVariant(["S"], { sku: "Y" }), csvVariant(["M"], { sku: "X" })],
      [2, 3],
    );
    expect(plan.clearSku).toEqual(["a", "b"]);
    expect(plan.update.map((u) => u.set)).toEqual([{ sku: "Y" }, { sku: "X" }]);
  });

  it("stock is blank when not tracked", () => {
    const plan = planVariants(
      [stored("a", [], 0)],
      [csvVariant([], { trackStock: false, stock: null })],
      [2],
    );
    expect(plan.update[0]?.set).toEqual({ trackStock: false, stock: null });
  });
});

describe("mergeOptions", () => {
  const variants = [csvVariant(["S"]), csvVariant(["M"])];

  it("keeps the stored options when they hold the file's values (unused values stay)", () => {
    expect(mergeOptions([{ name: "Size", values: ["L", "M", "S"] }], ["Size"], variants)).toBe(
      null,
    );
  });

  it("appends new values, respells by the file, and starts over for a renamed option", () => {
    expect(mergeOptions([{ name: "size", values: ["s", "L"] }], ["Size"], [...variants])).toEqual([
      { name: "Size", values: ["S", "L", "M"] },
    ]);
    expect(mergeOptions([{ name: "Colour", values: ["Red"] }], ["Size"], variants)).toEqual([
      { name: "Size", values: ["S", "M"] },
    ]);
  });

  it("drops unused values only when more than 20 would remain", () => {
    const stored20 = Array.from({ length: 20 }, (_, i) => `V${i}`);
    const merged = mergeOptions(
      [{ name: "Size", values: stored20 }],
      ["Size"],
      [csvVariant(["V0"]), csvVariant(["New"])],
    );
    expect(merged).toEqual([{ name: "Size", values: ["V0", "New"] }]);
  });
});

describe("external ids", () => {
  it("a code the product has keeps all of its codes of that column", () => {
    const plan = planExternalIds(current.externalIds, "14006381333938", "SH-1");
    expect(plan.remove).toEqual([]);
    expect(plan.insert).toEqual([]);
    expect(plan.final.map((id) => id.matchKey)).toEqual([
      "gtin:04006381333931",
      "gtin:14006381333938",
      "mpn:sh-1",
    ]);
  });

  it("another code replaces them; a blank cell removes them; an MPN compares exactly", () => {
    const plan = planExternalIds(current.externalIds, "96385074", null);
    expect(plan.remove).toEqual(["e1", "e2", "e3"]);
    expect(plan.insert).toEqual([
      { type: "gtin8", value: "96385074", matchKey: "gtin:00000096385074", column: "gtin" },
    ]);
    const recased = planExternalIds(current.externalIds, "4006381333931", "sh-1");
    expect(recased.remove).toEqual(["e3"]);
    expect(recased.insert.map((id) => id.value)).toEqual(["sh-1"]);
  });

  it("the export writes the first GTIN-family code (an ISBN-10 as ISBN-13) and the first MPN", () => {
    expect(exportedIds(current.externalIds)).toEqual({ gtin: "4006381333931", mpn: "SH-1" });
    expect(exportedIds([{ type: "isbn10", value: "0306406152" }])).toEqual({
      gtin: "9780306406157",
      mpn: null,
    });
    expect([8, 12, 13, 14].map((n) => gtinTypeOf("0".repeat(n)))).toEqual([
      "gtin8",
      "gtin12",
      "gtin13",
      "gtin14",
    ]);
    expect(gtinTypeOf("9780306406157")).toBe("isbn13");
  });
});

describe("checks before writing", () => {
  const plan = (overrides: Partial<CsvProduct>, stored: CurrentProduct | null = null) =>
    planProduct({ ...shirt, ...overrides }, [overrides.firstRow ?? 2], stored, { id: "b1" });

  it("publishing needs the permission and the publish checks, on the status cell", () => {
    const ready = plan({
      status: "published",
      description: "A description long enough to publish it.",
    });
    const bare = plan({ status: "published", summary: "", firstRow: 5 });
    expect(publishErrors([ready, bare], false).map((e) => [e.row, e.column, e.code])).toEqual([
      [2, "status", "publishNotAllowed"],
      [5, "status", "publishNotAllowed"],
    ]);
    expect(publishErrors([ready, bare], true)).toEqual([
      {
        row: 5,
        column: "status",
        code: "publishMissing",
        params: { missing: ["summary", "description"] },
      },
    ]);
  });

  it("the item limit counts products that are not archived after the import", () => {
    const plans = [plan({ firstRow: 2 }), plan({ handle: "b", firstRow: 3 })];
    expect(itemLimitErrors(plans, 98, 100)).toEqual([]);
    expect(itemLimitErrors(plans, 99, 100)).toEqual([
      { row: 3, column: "handle", code: "itemLimit", params: { max: 100 } },
    ]);
    expect(itemLimitErrors(plans, 99, null)).toEqual([]);
    expect(itemLimitErrors([plan({ status: "archived" })], 120, 100)).toEqual([]);
  });

  it("SKUs differ whatever their case; codes differ between live products", () => {
    const a = plan({ variants: [csvVariant(["S"], { sku: "abc" })] });
    const b = plan({ handle: "b", firstRow: 3, variants: [csvVariant(["S"], { sku: "ABC" })] });
    expect(skuCaseErrors([a, b])).toEqual([
      { row: 3, column: "sku", code: "skuRepeated", params: { row: 2 } },
    ]);
    expect(externalIdErrors([a, b], new Map())).toEqual([
      { row: 3, column: "gtin", code: "codeRepeated", params: { row: 2 } },
      { row: 3, column: "mpn", code: "codeRepeated", params: { row: 2 } },
    ]);
    expect(externalIdErrors([a], new Map([["mpn:sh-1", "other"]]))).toEqual([
      { row: 2, column: "mpn", code: "codeTaken", params: { handle: "other" } },
    ]);
    expect(externalIdErrors([a, plan({ handle: "b", status: "archived" })], new Map())).toEqual([]);
  });
});

describe("rows", () => {
  it("are counted as a spreadsheet shows them: blank lines and multi-line cells", () => {
    const text = 'h\r\n1\r\n\r\n"two\nlines"\r\n3\r\n\r\n';
    expect(variantRows(text)).toEqual([2, 4, 5]);
    const products = [
      { ...shirt, variants: [csvVariant(["S"])] },
      { ...shirt, handle: "b", firstRow: 4, variants: [csvVariant(["S"]), csvVariant(["M"])] },
    ];
    expect(rowsByProduct(products, text)).toEqual([[2], [4, 5]]);
  });
});
