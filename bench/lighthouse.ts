/**
 * The Lighthouse part of `npm run bench` (issue 10; `--lighthouse-only` runs it alone):
 * Lighthouse's Node API (the `lighthouse` package, its default mobile profile: a mid-range
 * phone's screen, 4× CPU slowdown and a slow 4G network, all simulated by Lantern from one
 * unthrottled load, so a busy machine still gives comparable figures) in Debian's Chromium
 * (`CHROME_PATH`, default /usr/bin/chromium, launched by chrome-launcher; never downloaded),
 * on each public page of the bench's server. Prints the four category scores and LCP, TBT,
 * CLS against the targets, then the audits that cost a category its 100.
 *
 * Targets: performance ≥ 95 (LCP ≤ 1.5 s, TBT ≤ 150 ms, CLS ≤ 0.02), accessibility, best
 * practices and SEO at 100.
 */
import { formatNumber } from "./stats";

export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 150,
  cls: 0.02,
} as const;

/**
 * The part of a Lighthouse result (`LH.Result`) the bench reads; a plain object in tests.
 */
export type LighthouseReport = {
  categories: Record<
    string,
    { score: number | null; auditRefs: readonly { id: string; weight: number }[] }
  >;
  audits: Record<string, { score: number | null; numericValue?: number; title?: string }>;
  runtimeError?: { code: string; message: string };
  /** Lighthouse's measure of the machine's CPU (its `benchmarkIndex`; higher is faster). */
  environment?: { benchmarkIndex?: number };
};

export type LighthouseFigures = {
  path: string;
  /** Category scores, 0–100 (NaN when Lighthouse gave none). */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Audits that cost accessibility, best practices or SEO points: "category: id (title)". */
  failing: string[];
  /** Lighthouse's own error for the run (the page did not load, …), if any. */
  runtimeError?: string;
  /**
   * Lighthouse's CPU benchmark of the machine during the run: its simulation scales the
   * observed CPU time, so TBT and LCP move with the machine (NaN when not reported).
   */
  benchmarkIndex: number;
};

const CATEGORIES = {
  performance: "performance",
  accessibility: "accessibility",
  bestPractices: "best-practices",
  seo: "seo",
} as const;

function categoryScore(report: LighthouseReport, id: string): number {
  const score = report.categories[id]?.score;
  return typeof score === "number" ? Math.round(score * 100) : Number.NaN;
}

function metric(report: LighthouseReport, id: string): number {
  return report.audits[id]?.numericValue ?? Number.NaN;
}

/** Audits with a weight in a category whose score is below 1 (manual and n/a ones have none). */
export function failingAudits(report: LighthouseReport, categoryId: string): string[] {
  const failing: string[] = [];
  for (const ref of report.categories[categoryId]?.auditRefs ?? []) {
    const audit = report.audits[ref.id];
    if (ref.weight > 0 && audit && typeof audit.score === "number" && audit.score < 1) {
      failing.push(`${categoryId}: ${ref.id}${audit.title ? ` (${audit.title})` : ""}`);
    }
  }
  return failing;
}

export function lighthouseFigures(path: string, report: LighthouseReport): LighthouseFigures {
  return {
    path,
    performance: categoryScore(report, CATEGORIES.performance),
    accessibility: categoryScore(report, CATEGORIES.accessibility),
    bestPractices: categoryScore(report, CATEGORIES.bestPractices),
    seo: categoryScore(report, CATEGORIES.seo),
    fcpMs: metric(report, "first-contentful-paint"),
    lcpMs: metric(report, "largest-contentful-paint"),
    tbtMs: metric(report, "total-blocking-time"),
    cls: metric(report, "cumulative-layout-shift"),
    speedIndexMs: metric(report, "speed-index"),
    // Performance's weighted audits are the metrics, in the table already.
    failing: [CATEGORIES.accessibility, CATEGORIES.bestPractices, CATEGORIES.seo].flatMap((id) =>
      failingAudits(report, id),
    ),
    runtimeError: report.runtimeError
      ? `${report.runtimeError.code}: ${report.runtimeError.message}`
      : undefined,
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/**
 * The run with the median performance score of several runs of one page (ties: the median
 * LCP among them), so one noisy run neither makes nor breaks the page. Runs Lighthouse could
 * not finish (a runtime error, no performance score) are left out while another run finished.
 */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const finished = runs.filter((f) => !f.runtimeError && Number.isFinite(f.performance));
  const candidates = finished.length > 0 ? finished : runs;
  const sorted = [...candidates].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("no Lighthouse runs");
  return middle;
}

/** "ok", or every target the page misses, joined by "; ". */
export function lighthouseVerdict(f: LighthouseFigures): string {
  const t = LIGHTHOUSE_TARGETS;
  const misses: string[] = [];
  if (f.runtimeError) misses.push(f.runtimeError);
  const below = (name: string, value: number, target: number) => {
    if (!(value >= target)) misses.push(`${name} ${formatNumber(value, 0)} < ${target}`);
  };
  const above = (name: string, value: string, measured: number, target: number, unit = "") => {
    if (!(measured <= target)) misses.push(`${name} ${value} > ${target}${unit}`);
  };
  below("performance", f.performance, t.performance);
  below("accessibility", f.accessibility, t.accessibility);
  below("best practices", f.bestPractices, t.bestPractices);
  below("SEO", f.seo, t.seo);
  above("LCP", `${formatNumber(f.lcpMs, 0)} ms`, f.lcpMs, t.lcpMs, " ms");
  above("TBT", `${formatNumber(f.tbtMs, 0)} ms`, f.tbtMs, t.tbtMs, " ms");
  above("CLS", formatNumber(f.cls, 3), f.cls, t.cls);
  return misses.length ? misses.join("; ") : "ok";
}

/**
 * Chromium's flags: headless, as root (no sandbox), and none of its own connections to
 * Google's services (the machine's network is closed: they would fail at every start).
 */
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export type LighthouseOptions = {
  origin: string;
  paths: readonly string[];
  /** Runs per page; the median run is reported. */
  runs: number;
  chromePath: string;
  /**
   * Lighthouse's default `simulate` (Lantern), or `devtools`: Chromium really throttles the
   * network and CPU, slower to run and more sensitive to a busy machine (docs/bench.md).
   */
  throttlingMethod: "simulate" | "devtools";
};

/**
 * Runs Lighthouse on each page `runs` times, each run in a fresh Chromium (a second run of
 * the same page in one browser sometimes records no navigation: NO_NAVSTART); a run that
 * fails is tried once more. The median run per page.
 */
export async function runLighthouse(options: LighthouseOptions): Promise<LighthouseFigures[]> {
  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  const runOnce = async (path: string): Promise<LighthouseFigures> => {
    const chrome = await launch({
      chromePath: options.chromePath,
      chromeFlags: CHROME_FLAGS,
      logLevel: "silent",
    });
    try {
      const result = await lighthouse(options.origin + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: Object.values(CATEGORIES),
        throttlingMethod: options.throttlingMethod,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      return lighthouseFigures(path, result.lhr);
    } finally {
      chrome.kill();
    }
  };
  const results: LighthouseFigures[] = [];
  for (const path of options.paths) {
    const runs: LighthouseFigures[] = [];
    for (let run = 0; run < options.runs; run++) {
      const first = await runOnce(path);
      runs.push(first.runtimeError ? await runOnce(path) : first);
    }
    results.push(medianFigures(runs));
  }
  return results;
}

/**
 * Prints the table. `baseline` names the minimal page (Next alone, its own root layout), run
 * first under the same conditions: what this machine and Chromium give a page with nothing of
 * ours, against which the pages' TBT and LCP can be read (its row has no verdict).
 */
export function printLighthouse(
  results: readonly LighthouseFigures[],
  options: Pick<LighthouseOptions, "runs" | "throttlingMethod"> & { baseline?: string },
): void {
  const t = LIGHTHOUSE_TARGETS;
  const throttling = options.throttlingMethod === "simulate" ? "simulated" : "applied (devtools)";
  console.log(
    `\nLighthouse (mobile profile, ${throttling} throttling; median of ${options.runs} run(s) per page)`,
  );
  console.log(
    `| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | CPU benchmark | target (≥ ${t.performance}, 100 ×3, LCP ≤ ${t.lcpMs}, TBT ≤ ${t.tbtMs}, CLS ≤ ${t.cls}) |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const f of results) {
    const verdict = f.path === options.baseline ? "baseline (Next alone)" : lighthouseVerdict(f);
    console.log(
      `| ${f.path} | ${formatNumber(f.performance, 0)} | ${formatNumber(f.accessibility, 0)} | ${formatNumber(f.bestPractices, 0)} | ${formatNumber(f.seo, 0)} | ${formatNumber(f.fcpMs, 0)} | ${formatNumber(f.lcpMs, 0)} | ${formatNumber(f.tbtMs, 0)} | ${formatNumber(f.cls, 3)} | ${formatNumber(f.speedIndexMs, 0)} | ${formatNumber(f.benchmarkIndex, 0)} | ${verdict} |`,
    );
  }
  const failing = results.filter((f) => f.failing.length > 0 && f.path !== options.baseline);
  if (failing.length > 0) {
    console.log("\nAudits below 1 (of the median run):");
    for (const f of failing) console.log(`- ${f.path}: ${f.failing.join("; ")}`);
  }
}
