/**
 * The platform's fee in integer minor units (docs/income.md): `amount × rate`, rounded half
 * up (2.5 cents → 3). Rates are basis points (lib/modules/catalogue.ts sellingFeeBasisPoints).
 */
export function feeOf(amountMinor: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError("amount");
  return Number((BigInt(amountMinor) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

/**
 * The fee given back with a refund: the fee is charged on what the seller keeps, so after
 * refunds of `refundedAfter` out of `gross` the fee kept is the fee of the rest. Counted on
 * the running total (not refund by refund), so the parts given back always add up to the
 * whole fee when everything is refunded, whatever the rounding of each part.
 */
export function feeBack(input: {
  grossMinor: number;
  feeMinor: number;
  refundedBefore: number;
  feeBackBefore: number;
  amountMinor: number;
}): number {
  const after = Math.min(input.grossMinor, input.refundedBefore + input.amountMinor);
  if (input.grossMinor <= 0) return 0;
  const total = Number(
    (BigInt(input.feeMinor) * BigInt(after) * 2n + BigInt(input.grossMinor)) /
      (2n * BigInt(input.grossMinor)),
  );
  return Math.max(0, Math.min(input.feeMinor, total) - input.feeBackBefore);
}

/** Days a charge stays pending before it counts as available (docs/income.md). */
export const HOLD_DAYS = 7;
