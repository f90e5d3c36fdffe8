import type { TaxClass } from "@/lib/commerce/catalogue-types";

/**
 * The price arithmetic of an order (docs/selling-terms.md, "Rounding"): pure, exact in integer
 * minor units, so that every part sums to its total.
 *
 * 1. A line's amount is unit price × quantity, in the organisation's price convention (tax
 *    included or not).
 * 2. The discount applies to the goods only (never delivery): a percentage is rounded half-up
 *    on the goods subtotal, a fixed amount is capped at the goods subtotal. It is spread over
 *    the lines in proportion to their amounts by the largest-remainder method (ties go to the
 *    earlier line), so the shares sum to the discount exactly and no share exceeds its line.
 * 3. Tax is computed per line (and on delivery) on the discounted amount, rounded half-up:
 *    tax-inclusive `tax = amount − round(amount / (1 + r))`; tax-exclusive
 *    `tax = round(amount × r)`, added on top.
 * 4. Totals are sums of the parts; the breakdown groups the lines and delivery by rate.
 */
export type PricingDiscount =
  { kind: "percent"; basisPoints: number } | { kind: "fixed"; amountMinor: number };

export interface PricingLineInput {
  key: string;
  unitPriceMinor: number;
  quantity: number;
  taxClass: TaxClass;
}

export interface PriceOrderInput {
  lines: readonly PricingLineInput[];
  pricesIncludeTax: boolean;
  /** Basis points per tax class (2100 = 21 %); a class missing here is 0 %. */
  rates: Partial<Record<TaxClass, number>>;
  delivery?: { priceMinor: number; taxClass: TaxClass } | null;
  discount?: PricingDiscount | null;
}

export interface PricedLine {
  key: string;
  taxClass: TaxClass;
  rateBasisPoints: number;
  /** unit price × quantity, as priced (before discount). */
  amountMinor: number;
  /** This line's share of the order's discount. */
  discountMinor: number;
  /** After discount, without tax. */
  netMinor: number;
  taxMinor: number;
  /** After discount, with tax: what the buyer pays for the line (its total). */
  grossMinor: number;
}

export interface PricedDelivery {
  taxClass: TaxClass;
  rateBasisPoints: number;
  amountMinor: number;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

export interface TaxBreakdownEntry {
  rateBasisPoints: number;
  netMinor: number;
  taxMinor: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  delivery: PricedDelivery | null;
  totals: {
    /** Goods as priced, before discount. */
    subtotalMinor: number;
    discountMinor: number;
    /** Delivery as priced. */
    deliveryMinor: number;
    taxMinor: number;
    netMinor: number;
    /** What the buyer pays. */
    totalMinor: number;
  };
  /** By rate, ascending; every rate that applies to a line or the delivery. */
  taxBreakdown: TaxBreakdownEntry[];
}

const MAX_AMOUNT = 10n ** 15n;

function whole(value: number, what: string, min = 0): bigint {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${what} must be an integer ≥ ${min}, got ${value}`);
  }
  return BigInt(value);
}

/** round(n / d) half-up, for n ≥ 0 and d > 0. */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** Tax within or on top of an amount at a rate in basis points, rounded half-up. */
export function taxOf(amount: bigint, basisPoints: bigint, inclusive: boolean): bigint {
  if (inclusive) return amount - divideHalfUp(amount * 10000n, 10000n + basisPoints);
  return divideHalfUp(amount * basisPoints, 10000n);
}

/** Splits `total` over `weights` in proportion, by largest remainder; shares sum to `total`. */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n || total === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w, index) => ({ index, rest: (total * w) % sum }));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares;
}

function discountTotal(discount: PricingDiscount | null | undefined, subtotal: bigint): bigint {
  if (!discount) return 0n;
  if (discount.kind === "percent") {
    const bp = whole(discount.basisPoints, "discount basis points");
    if (bp > 10000n) throw new RangeError("discount basis points must be ≤ 10000");
    return divideHalfUp(subtotal * bp, 10000n);
  }
  const amount = whole(discount.amountMinor, "discount amount");
  return amount < subtotal ? amount : subtotal;
}

function rateOf(rates: PriceOrderInput["rates"], taxClass: TaxClass): bigint {
  const bp = whole(rates[taxClass] ?? 0, `rate of ${taxClass}`);
  if (bp > 10000n) throw new RangeError(`rate of ${taxClass} must be ≤ 10000`);
  return bp;
}

function split(amount: bigint, bp: bigint, inclusive: boolean) {
  const tax = taxOf(amount, bp, inclusive);
  const net = inclusive ? amount - tax : amount;
  return { net, tax, gross: net + tax };
}

export function priceOrder(input: PriceOrderInput): PricedOrder {
  const inclusive = input.pricesIncludeTax;
  const amounts = input.lines.map((line) => {
    const amount =
      whole(line.unitPriceMinor, `unit price of ${line.key}`) *
      whole(line.quantity, `quantity of ${line.key}`, 1);
    if (amount > MAX_AMOUNT) throw new RangeError(`amount of ${line.key} is too large`);
    return amount;
  });
  const subtotal = amounts.reduce((a, b) => a + b, 0n);
  const discount = discountTotal(input.discount, subtotal);
  const shares = allocate(discount, amounts);
  const breakdown = new Map<bigint, { net: bigint; tax: bigint }>();
  const addToBreakdown = (bp: bigint, net: bigint, tax: bigint) => {
    const entry = breakdown.get(bp) ?? { net: 0n, tax: 0n };
    breakdown.set(bp, { net: entry.net + net, tax: entry.tax + tax });
  };

  const lines = input.lines.map((line, index): PricedLine => {
    const bp = rateOf(input.rates, line.taxClass);
    const amount = amounts[index]!;
    const share = shares[index]!;
    const { net, tax, gross } = split(amount - share, bp, inclusive);
    addToBreakdown(bp, net, tax);
    return {
      key: line.key,
      taxClass: line.taxClass,
      rateBasisPoints: Number(bp),
      amountMinor: Number(amount),
      discountMinor: Number(share),
      netMinor: Number(net),
      taxMinor: Number(tax),
      grossMinor: Number(gross),
    };
  });

  let delivery: PricedDelivery | null = null;
  if (input.delivery) {
    const bp = rateOf(input.rates, input.delivery.taxClass);
    const amount = whole(input.delivery.priceMinor, "delivery price");
    const { net, tax, gross } = split(amount, bp, inclusive);
    addToBreakdown(bp, net, tax);
    delivery = {
      taxClass: input.delivery.taxClass,
      rateBasisPoints: Number(bp),
      amountMinor: Number(amount),
      netMinor: Number(net),
      taxMinor: Number(tax),
      grossMinor: Number(gross),
    };
  }

  const parts = [...lines, ...(delivery ? [delivery] : [])];
  const sum = (pick: (p: { netMinor: number; taxMinor: number; grossMinor: number }) => number) =>
    parts.reduce((total, p) => total + pick(p), 0);
  return {
    lines,
    delivery,
    totals: {
      subtotalMinor: Number(subtotal),
      discountMinor: Number(discount),
      deliveryMinor: delivery?.amountMinor ?? 0,
      taxMinor: sum((p) => p.taxMinor),
      netMinor: sum((p) => p.netMinor),
      totalMinor: sum((p) => p.grossMinor),
    },
    taxBreakdown: [...breakdown.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([bp, v]) => ({
        rateBasisPoints: Number(bp),
        netMinor: Number(v.net),
        taxMinor: Number(v.tax),
      })),
  };
}
