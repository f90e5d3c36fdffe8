import { describe, expect, it } from "vitest";
import { taxClasses, type TaxClass } from "@/lib/commerce/catalogue-types";
import { allocate, divideHalfUp, priceOrder, taxOf, type PriceOrderInput } from "./pricing";

const rates = { standard: 2100, reduced: 1000, zero: 0, exempt: 0 };
const line = (
  key: string,
  unitPriceMinor: number,
  quantity = 1,
  taxClass: TaxClass = "standard",
) => ({
  key,
  unitPriceMinor,
  quantity,
  taxClass,
});

describe("rounding helpers", () => {
  it("rounds half up", () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(4n, 2n)).toBe(2n);
    expect(divideHalfUp(149n, 100n)).toBe(1n);
    expect(divideHalfUp(150n, 100n)).toBe(2n);
  });

  it("takes tax out of an inclusive amount and adds it to an exclusive one", () => {
    // 12.10 at 21 % includes 2.10; 10.00 at 21 % adds 2.10.
    expect(taxOf(1210n, 2100n, true)).toBe(210n);
    expect(taxOf(1000n, 2100n, false)).toBe(210n);
    // 9.99 incl. 21 %: net 8.256… → 8.26, tax 1.73. 0.05 excl. 10 %: 0.005 → 0.01.
    expect(taxOf(999n, 2100n, true)).toBe(173n);
    expect(taxOf(5n, 1000n, false)).toBe(1n);
    expect(taxOf(1000n, 0n, true)).toBe(0n);
  });

  it("allocates by largest remainder, ties to the earlier weight", () => {
    expect(allocate(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(allocate(100n, [50n, 30n, 20n])).toEqual([50n, 30n, 20n]);
    expect(allocate(7n, [0n, 3n, 3n])).toEqual([0n, 4n, 3n]);
    expect(allocate(0n, [5n, 5n])).toEqual([0n, 0n]);
    expect(allocate(5n, [0n, 0n])).toEqual([0n, 0n]);
    // 3.33… and 6.66…: the unit left over goes to the larger remainder, wherever it is.
    expect(allocate(10n, [1n, 2n])).toEqual([3n, 7n]);
    expect(allocate(10n, [2n, 1n])).toEqual([7n, 3n]);
    expect(allocate(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n]);
    // 1.6 (remainder 3/5) and 2.4 (2/5): the smaller weight has the larger remainder.
    expect(allocate(4n, [2n, 3n])).toEqual([2n, 2n]);
  });
});

describe("priceOrder", () => {
  it("prices tax-inclusive lines with the rate of their class", () => {
    const order = priceOrder({
      lines: [line("a", 1210, 2), line("b", 1100, 1, "reduced"), line("c", 500, 1, "zero")],
      pricesIncludeTax: true,
      rates,
    });
    expect(order.lines.map((l) => [l.amountMinor, l.netMinor, l.taxMinor, l.grossMinor])).toEqual([
      [2420, 2000, 420, 2420],
      [1100, 1000, 100, 1100],
      [500, 500, 0, 500],
    ]);
    expect(order.totals).toEqual({
      subtotalMinor: 4020,
      discountMinor: 0,
      deliveryMinor: 0,
      taxMinor: 520,
      netMinor: 3500,
      totalMinor: 4020,
    });
    expect(order.taxBreakdown).toEqual([
      { rateBasisPoints: 0, netMinor: 500, taxMinor: 0 },
      { rateBasisPoints: 1000, netMinor: 1000, taxMinor: 100 },
      { rateBasisPoints: 2100, netMinor: 2000, taxMinor: 420 },
    ]);
  });

  it("adds tax on top when prices exclude it, delivery included", () => {
    const order = priceOrder({
      lines: [line("a", 1000, 3)],
      pricesIncludeTax: false,
      rates,
      delivery: { priceMinor: 500, taxClass: "standard" },
    });
    expect(order.lines[0]).toMatchObject({ netMinor: 3000, taxMinor: 630, grossMinor: 3630 });
    expect(order.delivery).toEqual({
      taxClass: "standard",
      rateBasisPoints: 2100,
      amountMinor: 500,
      netMinor: 500,
      taxMinor: 105,
      grossMinor: 605,
    });
    expect(order.totals).toMatchObject({ deliveryMinor: 500, taxMinor: 735, totalMinor: 4235 });
  });

  it("spreads a percentage discount over the lines and taxes what is left", () => {
    const order = priceOrder({
      lines: [line("a", 999), line("b", 999), line("c", 999)],
      pricesIncludeTax: true,
      rates,
      discount: { kind: "percent", basisPoints: 1000 },
    });
    // 10 % of 29.97 = 2.997 → 3.00, shared 100 / 100 / 100.
    expect(order.totals.discountMinor).toBe(300);
    expect(order.lines.map((l) => l.discountMinor)).toEqual([100, 100, 100]);
    expect(order.totals.totalMinor).toBe(2697);
  });

  it("never takes more than the goods with a fixed discount, and never touches delivery", () => {
    const order = priceOrder({
      lines: [line("a", 300), line("b", 200, 1, "reduced")],
      pricesIncludeTax: true,
      rates,
      delivery: { priceMinor: 450, taxClass: "standard" },
      discount: { kind: "fixed", amountMinor: 10_000 },
    });
    expect(order.totals.discountMinor).toBe(500);
    expect(order.lines.map((l) => l.grossMinor)).toEqual([0, 0]);
    expect(order.totals.totalMinor).toBe(450);
    expect(order.delivery?.grossMinor).toBe(450);
  });

  it("handles an empty order and a 100 % code", () => {
    expect(priceOrder({ lines: [], pricesIncludeTax: true, rates: {} }).totals.totalMinor).toBe(0);
    const free = priceOrder({
      lines: [line("a", 1234, 3)],
      pricesIncludeTax: false,
      rates,
      discount: { kind: "percent", basisPoints: 10000 },
    });
    expect(free.totals).toMatchObject({ discountMinor: 3702, taxMinor: 0, totalMinor: 0 });
  });

  it("treats a class missing from the rates as 0 %", () => {
    const order = priceOrder({ lines: [line("a", 1000)], pricesIncludeTax: false, rates: {} });
    expect(order.lines[0]).toMatchObject({ rateBasisPoints: 0, taxMinor: 0, grossMinor: 1000 });
  });

  it("refuses amounts that are not whole minor units", () => {
    const base: PriceOrderInput = { lines: [], pricesIncludeTax: true, rates };
    expect(() => priceOrder({ ...base, lines: [line("a", 9.5)] })).toThrow(RangeError);
    expect(() => priceOrder({ ...base, lines: [line("a", -1)] })).toThrow(RangeError);
    expect(() => priceOrder({ ...base, lines: [line("a", 100, 0)] })).toThrow(RangeError);
    expect(() =>
      priceOrder({ ...base, rates: { standard: 10001 }, lines: [line("a", 1)] }),
    ).toThrow(RangeError);
    expect(() =>
      priceOrder({ ...base, lines: [line("a", 1)], discount: { kind: "fixed", amountMinor: -5 } }),
    ).toThrow(RangeError);
  });

  it("names what it refuses, so that a bad price can be traced to its line", () => {
    const base: PriceOrderInput = { lines: [], pricesIncludeTax: true, rates };
    expect(() => priceOrder({ ...base, lines: [line("a", 9.5)] })).toThrow(
      "unit price of a must be an integer ≥ 0, got 9.5",
    );
    expect(() => priceOrder({ ...base, lines: [line("b", 100, 0)] })).toThrow(
      "quantity of b must be an integer ≥ 1, got 0",
    );
    expect(() =>
      priceOrder({ ...base, rates: { standard: 10001 }, lines: [line("a", 1)] }),
    ).toThrow("rate of standard must be ≤ 10000");
    expect(() =>
      priceOrder({ ...base, rates: { reduced: -1 }, lines: [line("a", 1, 1, "reduced")] }),
    ).toThrow("rate of reduced must be an integer ≥ 0, got -1");
    expect(() =>
      priceOrder({ ...base, lines: [line("a", 1)], discount: { kind: "fixed", amountMinor: -5 } }),
    ).toThrow("discount amount must be an integer ≥ 0, got -5");
    expect(() =>
      priceOrder({
        ...base,
        lines: [line("a", 1)],
        delivery: { priceMinor: -1, taxClass: "zero" },
      }),
    ).toThrow("delivery price must be an integer ≥ 0, got -1");
  });

  it("takes a percentage code up to 100 % and refuses one above", () => {
    const base: PriceOrderInput = { lines: [line("a", 1000)], pricesIncludeTax: true, rates };
    expect(
      priceOrder({ ...base, discount: { kind: "percent", basisPoints: 10000 } }).totals.totalMinor,
    ).toBe(0);
    expect(() =>
      priceOrder({ ...base, discount: { kind: "percent", basisPoints: 10001 } }),
    ).toThrow("discount basis points must be ≤ 10000");
    expect(() => priceOrder({ ...base, discount: { kind: "percent", basisPoints: -1 } })).toThrow(
      "discount basis points must be an integer ≥ 0, got -1",
    );
    expect(() => priceOrder({ ...base, discount: { kind: "percent", basisPoints: 12.5 } })).toThrow(
      RangeError,
    );
  });

  it("takes a free unit and a 100 % tax rate", () => {
    const order = priceOrder({
      lines: [line("free", 0, 2), line("a", 1000)],
      pricesIncludeTax: false,
      rates: { standard: 10000 },
    });
    expect(order.lines.map((l) => [l.amountMinor, l.taxMinor, l.grossMinor])).toEqual([
      [0, 0, 0],
      [1000, 1000, 2000],
    ]);
  });

  it("prices a line up to 10^15 minor units, and refuses one above", () => {
    const base: PriceOrderInput = { lines: [], pricesIncludeTax: true, rates: {} };
    expect(priceOrder({ ...base, lines: [line("a", 10 ** 15)] }).totals.totalMinor).toBe(10 ** 15);
    expect(priceOrder({ ...base, lines: [line("a", 5 * 10 ** 14, 2)] }).totals.totalMinor).toBe(
      10 ** 15,
    );
    expect(() => priceOrder({ ...base, lines: [line("a", 10 ** 15 + 1)] })).toThrow(
      "amount of a is too large",
    );
    expect(() => priceOrder({ ...base, lines: [line("a", 5 * 10 ** 14 + 1, 2)] })).toThrow(
      RangeError,
    );
  });

  it("takes a fixed discount below the goods as it is, and spreads it by amount", () => {
    const order = priceOrder({
      lines: [line("a", 100), line("b", 200)],
      pricesIncludeTax: true,
      rates: {},
      discount: { kind: "fixed", amountMinor: 10 },
    });
    // 10 over 100 : 200 → 3.33 and 6.67: the unit left over goes to b.
    expect(order.lines.map((l) => [l.discountMinor, l.grossMinor])).toEqual([
      [3, 97],
      [7, 193],
    ]);
    expect(order.totals).toMatchObject({ discountMinor: 10, totalMinor: 290 });
  });

  it("lists the rates in ascending order whatever the order of the lines", () => {
    const order = priceOrder({
      lines: [line("z", 500, 1, "zero"), line("b", 1100, 1, "reduced"), line("a", 1210)],
      pricesIncludeTax: true,
      rates,
    });
    expect(order.taxBreakdown.map((b) => b.rateBasisPoints)).toEqual([0, 1000, 2100]);
  });

  it("breaks the tax down by rate, lines and delivery together, in ascending order", () => {
    const order = priceOrder({
      lines: [line("a", 1210), line("b", 1100, 1, "reduced"), line("c", 2420)],
      pricesIncludeTax: true,
      rates,
      delivery: { priceMinor: 110, taxClass: "reduced" },
    });
    expect(order.taxBreakdown).toEqual([
      { rateBasisPoints: 1000, netMinor: 1100, taxMinor: 110 },
      { rateBasisPoints: 2100, netMinor: 3000, taxMinor: 630 },
    ]);
    expect(order.totals).toEqual({
      subtotalMinor: 4730,
      discountMinor: 0,
      deliveryMinor: 110,
      taxMinor: 740,
      netMinor: 4100,
      totalMinor: 4840,
    });
  });

  it("keeps every part summing to its total over random carts", () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 3000; run += 1) {
      const lines = Array.from({ length: 1 + random(8) }, (_, i) =>
        line(
          `l${i}`,
          random(5) === 0 ? random(10) : random(500_000),
          1 + random(12),
          taxClasses[random(4)]!,
        ),
      );
      const rateSet = {
        standard: random(3001),
        reduced: random(1501),
        zero: 0,
        exempt: random(2) ? 0 : random(10001),
      };
      const discount =
        random(3) === 0
          ? null
          : random(2)
            ? { kind: "percent" as const, basisPoints: 1 + random(10000) }
            : { kind: "fixed" as const, amountMinor: random(2_000_000) };
      const delivery = random(2)
        ? { priceMinor: random(5000), taxClass: taxClasses[random(4)]! }
        : null;
      const inclusive = random(2) === 0;
      const order = priceOrder({
        lines,
        pricesIncludeTax: inclusive,
        rates: rateSet,
        delivery,
        discount,
      });
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const t = order.totals;
      expect(sum(order.lines.map((l) => l.amountMinor))).toBe(t.subtotalMinor);
      expect(sum(order.lines.map((l) => l.discountMinor))).toBe(t.discountMinor);
      expect(t.discountMinor).toBeLessThanOrEqual(t.subtotalMinor);
      const parts = [...order.lines, ...(order.delivery ? [order.delivery] : [])];
      expect(sum(parts.map((p) => p.taxMinor))).toBe(t.taxMinor);
      expect(sum(parts.map((p) => p.grossMinor))).toBe(t.totalMinor);
      expect(sum(order.taxBreakdown.map((b) => b.taxMinor))).toBe(t.taxMinor);
      expect(sum(order.taxBreakdown.map((b) => b.netMinor))).toBe(t.netMinor);
      expect(t.netMinor + t.taxMinor).toBe(t.totalMinor);
      const goods = t.subtotalMinor - t.discountMinor + t.deliveryMinor;
      expect(t.totalMinor).toBe(inclusive ? goods : goods + t.taxMinor);
      expect(t.totalMinor).toBeGreaterThanOrEqual(0);
      for (const l of order.lines) {
        expect(l.discountMinor).toBeGreaterThanOrEqual(0);
        expect(l.discountMinor).toBeLessThanOrEqual(l.amountMinor);
        expect(l.netMinor + l.taxMinor).toBe(l.grossMinor);
        expect(l.taxMinor).toBeGreaterThanOrEqual(0);
        const after = l.amountMinor - l.discountMinor;
        expect(inclusive ? l.grossMinor : l.netMinor).toBe(after);
        // Half-up per line: the tax is within half a minor unit of the exact value.
        const exact = inclusive
          ? after - after / (1 + l.rateBasisPoints / 10000)
          : (after * l.rateBasisPoints) / 10000;
        expect(Math.abs(l.taxMinor - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      }
      if (discount?.kind === "fixed") {
        expect(t.discountMinor).toBe(Math.min(discount.amountMinor, t.subtotalMinor));
      }
    }
  });
});
