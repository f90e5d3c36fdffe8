import { describe, expect, it } from "vitest";
import { allocate, computeCreditAmounts, computeInvoiceAmounts, includedTax } from "./totals";

describe("includedTax", () => {
  it("takes the tax out of a gross amount, rounding the net half up", () => {
    expect(includedTax(12_100, 2100)).toBe(2100);
    expect(includedTax(1000, 2100)).toBe(174); // net 826.446… → 826
    expect(includedTax(105, 1000)).toBe(10); // net 95.45… → 95
    expect(includedTax(1000, 0)).toBe(0);
    expect(includedTax(0, 2100)).toBe(0);
  });

  it("stays exact on amounts past 2^53 / 10 000", () => {
    expect(includedTax(9_999_999_999_00, 2100)).toBe(9_999_999_999_00 - 826_446_280_909);
  });
});

describe("allocate", () => {
  it("splits in proportion with the parts adding up exactly", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3, 1])).toEqual([8, 2]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
    expect(allocate(5, [])).toEqual([]);
  });
});

describe("computeInvoiceAmounts", () => {
  it("computes lines, the breakdown per rate with discount and delivery, and totals", () => {
    const result = computeInvoiceAmounts({
      lines: [
        { description: "Book", quantity: 2, unitPriceMinor: 1040, taxRateBps: 400 },
        { description: "Lamp", quantity: 1, unitPriceMinor: 12_100, taxRateBps: 2100 },
      ],
      discountMinor: 1000,
      deliveryMinor: 605,
      deliveryTaxRateBps: 2100,
    });
    expect(result.lines.map((l) => [l.totalMinor, l.taxMinor])).toEqual([
      [2080, 80],
      [12_100, 2100],
    ]);
    // Discount 1000 split 2080 : 12100 → 147 and 853.
    expect(result.taxes).toEqual([
      { rateBps: 400, grossMinor: 1933, baseMinor: 1859, taxMinor: 74 },
      { rateBps: 2100, grossMinor: 11_852, baseMinor: 9795, taxMinor: 2057 },
    ]);
    expect(result.totals).toEqual({
      subtotalMinor: 14_180,
      discountMinor: 1000,
      deliveryMinor: 605,
      taxMinor: 2131,
      totalMinor: 13_785,
    });
    const gross = result.taxes.reduce((sum, t) => sum + t.grossMinor, 0);
    expect(gross).toBe(result.totals.totalMinor);
  });

  it("refuses a discount above the lines' total", () => {
    expect(() =>
      computeInvoiceAmounts({
        lines: [{ description: "A", quantity: 1, unitPriceMinor: 100, taxRateBps: 0 }],
        discountMinor: 101,
        deliveryMinor: 0,
        deliveryTaxRateBps: 0,
      }),
    ).toThrow(RangeError);
  });
});

describe("computeCreditAmounts", () => {
  it("splits the credit over the invoice's rates in proportion", () => {
    const result = computeCreditAmounts(5000, [
      { rateBps: 400, grossMinor: 2500, baseMinor: 2404, taxMinor: 96 },
      { rateBps: 2100, grossMinor: 7500, baseMinor: 6198, taxMinor: 1302 },
    ]);
    expect(result.taxes).toEqual([
      { rateBps: 400, grossMinor: 1250, baseMinor: 1202, taxMinor: 48 },
      { rateBps: 2100, grossMinor: 3750, baseMinor: 3099, taxMinor: 651 },
    ]);
    expect(result.totals).toEqual({
      subtotalMinor: 5000,
      discountMinor: 0,
      deliveryMinor: 0,
      taxMinor: 699,
      totalMinor: 5000,
    });
  });
});
