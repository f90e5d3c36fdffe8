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

  it("gives the units left over to the largest remainders first", () => {
    // 3.33… and 6.66…: the second part has the larger remainder.
    expect(allocate(10, [1, 2])).toEqual([3, 7]);
    expect(allocate(10, [2, 1])).toEqual([7, 3]);
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    // 1.6 (remainder 3/5) and 2.4 (2/5): the smaller weight has the larger remainder.
    expect(allocate(4, [2, 3])).toEqual([2, 2]);
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

  it("lists the rates in ascending order, a rate shared by lines and delivery once", () => {
    const result = computeInvoiceAmounts({
      lines: [
        { description: "Lamp", quantity: 1, unitPriceMinor: 1210, taxRateBps: 2100 },
        { description: "Book", quantity: 1, unitPriceMinor: 520, taxRateBps: 400 },
        { description: "Vase", quantity: 2, unitPriceMinor: 605, taxRateBps: 2100 },
      ],
      discountMinor: 0,
      deliveryMinor: 1100,
      deliveryTaxRateBps: 1000,
    });
    expect(result.taxes).toEqual([
      { rateBps: 400, grossMinor: 520, baseMinor: 500, taxMinor: 20 },
      { rateBps: 1000, grossMinor: 1100, baseMinor: 1000, taxMinor: 100 },
      { rateBps: 2100, grossMinor: 2420, baseMinor: 2000, taxMinor: 420 },
    ]);
    expect(result.totals).toMatchObject({ taxMinor: 540, totalMinor: 4040 });
  });

  it("leaves out a rate nothing is charged at, and free delivery", () => {
    const result = computeInvoiceAmounts({
      lines: [
        { description: "Gift", quantity: 1, unitPriceMinor: 0, taxRateBps: 400 },
        { description: "Lamp", quantity: 1, unitPriceMinor: 1210, taxRateBps: 2100 },
      ],
      discountMinor: 0,
      deliveryMinor: 0,
      deliveryTaxRateBps: 1000,
    });
    expect(result.taxes).toEqual([
      { rateBps: 2100, grossMinor: 1210, baseMinor: 1000, taxMinor: 210 },
    ]);
  });

  it("takes a discount of the whole subtotal, leaving only the delivery", () => {
    const result = computeInvoiceAmounts({
      lines: [{ description: "A", quantity: 1, unitPriceMinor: 1210, taxRateBps: 2100 }],
      discountMinor: 1210,
      deliveryMinor: 500,
      deliveryTaxRateBps: 0,
    });
    expect(result.taxes).toEqual([{ rateBps: 0, grossMinor: 500, baseMinor: 500, taxMinor: 0 }]);
    expect(result.totals).toEqual({
      subtotalMinor: 1210,
      discountMinor: 1210,
      deliveryMinor: 500,
      taxMinor: 0,
      totalMinor: 500,
    });
  });

  it("refuses a discount above the lines' total", () => {
    expect(() =>
      computeInvoiceAmounts({
        lines: [{ description: "A", quantity: 1, unitPriceMinor: 100, taxRateBps: 0 }],
        discountMinor: 101,
        deliveryMinor: 0,
        deliveryTaxRateBps: 0,
      }),
    ).toThrow(new RangeError("discount exceeds subtotal"));
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

  it("credits at 0 % when the invoice had no tax rows", () => {
    expect(computeCreditAmounts(700, [])).toEqual({
      taxes: [{ rateBps: 0, grossMinor: 700, baseMinor: 700, taxMinor: 0 }],
      totals: {
        subtotalMinor: 700,
        discountMinor: 0,
        deliveryMinor: 0,
        taxMinor: 0,
        totalMinor: 700,
      },
    });
  });
});
