import type { DocumentTotals, LineSnapshot, TaxBreakdownEntry } from "./snapshot";

/**
 * The arithmetic of a document, pure (docs/invoices.md, "Amounts"). Prices include tax, so
 * the tax of a gross amount at a rate is what is left after taking the net out:
 * tax = gross − round(gross × 10000 / (10000 + rate in basis points)), half up, in BigInt
 * so that large amounts stay exact. The breakdown is per rate (lines, their share of the
 * discount, and the delivery at its own rate); the document's tax is the breakdown's sum.
 */
export interface LineInput {
  description: string;
  quantity: number;
  unitPriceMinor: number;
  taxRateBps: number;
}

export interface AmountsInput {
  lines: LineInput[];
  discountMinor: number;
  deliveryMinor: number;
  deliveryTaxRateBps: number;
}

/** The tax included in a gross amount at a rate (basis points). */
export function includedTax(grossMinor: number, rateBps: number): number {
  if (rateBps === 0 || grossMinor === 0) return 0;
  const gross = BigInt(grossMinor);
  const divisor = BigInt(10_000 + rateBps);
  const net = (gross * 20_000n + divisor) / (2n * divisor);
  return Number(gross - net);
}

/**
 * Splits `total` over `weights` in proportion, the parts summing to `total` exactly (largest
 * remainder; ties go to the earlier weight). All zero weights: everything to the first.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const big = weights.map((w) => BigInt(total) * BigInt(w));
  const parts = big.map((p) => Number(p / BigInt(sum)));
  const remainders = big.map((p, i) => ({ i, r: Number(p % BigInt(sum)) }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of remainders) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

function breakdown(grossByRate: Map<number, number>): TaxBreakdownEntry[] {
  return [...grossByRate.entries()]
    .filter(([, gross]) => gross > 0)
    .sort(([a], [b]) => a - b)
    .map(([rateBps, grossMinor]) => {
      const taxMinor = includedTax(grossMinor, rateBps);
      return { rateBps, grossMinor, baseMinor: grossMinor - taxMinor, taxMinor };
    });
}

/** An invoice's lines, tax breakdown and totals from what was sold. */
export function computeInvoiceAmounts(input: AmountsInput): {
  lines: LineSnapshot[];
  taxes: TaxBreakdownEntry[];
  totals: DocumentTotals;
} {
  const lines = input.lines.map((line): LineSnapshot => {
    const totalMinor = line.quantity * line.unitPriceMinor;
    return { ...line, totalMinor, taxMinor: includedTax(totalMinor, line.taxRateBps) };
  });
  const subtotalMinor = lines.reduce((sum, line) => sum + line.totalMinor, 0);
  if (input.discountMinor > subtotalMinor) throw new RangeError("discount exceeds subtotal");
  const grossByRate = new Map<number, number>();
  for (const line of lines) {
    grossByRate.set(line.taxRateBps, (grossByRate.get(line.taxRateBps) ?? 0) + line.totalMinor);
  }
  const rates = [...grossByRate.keys()];
  const discounts = allocate(
    input.discountMinor,
    rates.map((rate) => grossByRate.get(rate) ?? 0),
  );
  rates.forEach((rate, i) => grossByRate.set(rate, (grossByRate.get(rate) ?? 0) - discounts[i]!));
  if (input.deliveryMinor > 0) {
    const rate = input.deliveryTaxRateBps;
    grossByRate.set(rate, (grossByRate.get(rate) ?? 0) + input.deliveryMinor);
  }
  const taxes = breakdown(grossByRate);
  return {
    lines,
    taxes,
    totals: {
      subtotalMinor,
      discountMinor: input.discountMinor,
      deliveryMinor: input.deliveryMinor,
      taxMinor: taxes.reduce((sum, t) => sum + t.taxMinor, 0),
      totalMinor: subtotalMinor - input.discountMinor + input.deliveryMinor,
    },
  };
}

/**
 * A credit note's breakdown: the amount credited split over the invoice's rates in
 * proportion to what was charged at each, its tax taken at each rate.
 */
export function computeCreditAmounts(
  amountMinor: number,
  invoiceTaxes: readonly TaxBreakdownEntry[],
): { taxes: TaxBreakdownEntry[]; totals: DocumentTotals } {
  const parts = allocate(
    amountMinor,
    invoiceTaxes.map((t) => t.grossMinor),
  );
  const grossByRate = new Map<number, number>();
  invoiceTaxes.forEach((t, i) => grossByRate.set(t.rateBps, parts[i]!));
  if (invoiceTaxes.length === 0) grossByRate.set(0, amountMinor);
  const taxes = breakdown(grossByRate);
  return {
    taxes,
    totals: {
      subtotalMinor: amountMinor,
      discountMinor: 0,
      deliveryMinor: 0,
      taxMinor: taxes.reduce((sum, t) => sum + t.taxMinor, 0),
      totalMinor: amountMinor,
    },
  };
}
