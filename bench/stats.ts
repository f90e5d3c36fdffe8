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

/** Bytes as kB (KiB: 1 kB = 1,024 bytes throughout the bench), one decimal. */
export function kilobytes(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

export function formatNumber(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "n/a";
}

/** A page's targets (issue 10): requests/s as a share of the minimal page's, and HTML size. */
export type PageTarget = { minRatio: number; maxHtmlKb: number };

/** Public pages: at least 0.6 of the minimal page, at most 25 kB of HTML. */
export const PUBLIC_PAGE_TARGET: PageTarget = { minRatio: 0.6, maxHtmlKb: 25 };
/** Back-office lists and profile pages, signed in: at least 0.3, at most 60 kB of HTML. */
export const SIGNED_IN_PAGE_TARGET: PageTarget = { minRatio: 0.3, maxHtmlKb: 60 };

/** The target column's heading, e.g. "target ≥ 0.6, ≤ 25 kB". */
export function targetHeading(target: PageTarget): string {
  return `target ≥ ${target.minRatio}, ≤ ${target.maxHtmlKb} kB`;
}

/**
 * "ok", or what the page misses ("ratio 0.42 < 0.6", "HTML 31.2 kB > 25 kB", both joined by
 * "; "). A ratio that could not be measured (NaN) misses its target.
 */
export function pageVerdict(share: number, htmlBytes: number, target: PageTarget): string {
  const misses: string[] = [];
  if (!(share >= target.minRatio)) {
    misses.push(`ratio ${formatNumber(share, 2)} < ${target.minRatio}`);
  }
  if (!(htmlBytes <= target.maxHtmlKb * 1024)) {
    misses.push(`HTML ${formatNumber(kilobytes(htmlBytes))} kB > ${target.maxHtmlKb} kB`);
  }
  return misses.length ? misses.join("; ") : "ok";
}
