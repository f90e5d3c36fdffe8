/** Small numeric helpers of the bench, kept pure so they are unit-tested. */

/** The p-th percentile (0–100) by nearest rank; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/** a / b, or NaN when b is not a positive number. */
export function ratio(a: number, b: number): number {
  return b > 0 ? a / b : Number.NaN;
}

export function kilobytes(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

export function formatNumber(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "n/a";
}
