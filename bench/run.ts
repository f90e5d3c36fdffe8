/**
 * `npm run bench`: builds the app into .next-bench, starts the production server on its own
 * loopback port (DEV_TOOLS=true so the baseline /dev/minimal exists), and prints, in one run
 * (docs/bench.md):
 *
 * 1. requests/s and p95 of each public page and /api/environment against the minimal page
 *    (app/(minimal)/dev/minimal: Next alone, its own root layout, 20 list items), as a ratio,
 *    with each page's HTML size (one plain GET) and what the HTML is made of. Target
 *    (issue 10): public pages ≥ 0.6 of the minimal page and ≤ 25 kB of HTML;
 * 2. the back office, signed in (bench/backoffice.ts: people and audit lists, profile pages;
 *    ≥ 0.3 and ≤ 60 kB), when BENCH_DATABASE_URL names a migrated PostgreSQL database;
 * 3. the auth figures (bench/auth.ts);
 * 4. Lighthouse on the public pages (bench/lighthouse.ts: mobile profile, Debian's Chromium);
 * 5. the first-load JavaScript of every page (≤ 150 kB public pages, ≤ 200 kB sign-in,
 *    profile and back-office pages).
 *
 * Options: --skip-build (reuse .next-bench), --dist=<dir> (measure an existing build in <dir>,
 * e.g. the e2e build; implies --skip-build), --js-only (print only the first-load JavaScript, no
 * server), --duration=<s> (per URL, default 5), --connections=<n> (default 10), --rounds=<n>
 * (default 3: the URLs are measured in turn, round after round, and each URL's median round
 * is reported, which evens out a busy machine). BENCH_PORT (default 3290),
 * BENCH_DATABASE_URL (default: embedded PGlite under <dist>/bench-data).
 * --backoffice-only: only the back-office figures (bench/backoffice.ts: 1,000 members and
 * 100,000 audit entries; the lists and profile pages signed in against the minimal page, and
 * the audit page query's plan); needs BENCH_DATABASE_URL (a migrated PostgreSQL database).
 * --auth-only: only the auth figures (bench/auth.ts: password sign-in and token refresh against
 * the minimal page, the proxy's added latency on a signed-in request, page p95 during a burst of
 * sign-ins). --burst-only (with --auth-only): only the sign-in burst. --skip-auth: the default
 * run without them.
 * --lighthouse-only: only Lighthouse; --skip-lighthouse: the default run without it;
 * --lighthouse-runs=<n> (default 1): runs per page, the median reported;
 * --lighthouse-throttling=devtools: applied throttling instead of Lighthouse's simulated one.
 * CHROME_PATH (default /usr/bin/chromium).
 * --checkout-only: only the checkout bench (bench/checkout.ts: place order + sandbox payment
 * through the webhook path against bench/checkout.pgbench.sql under pgbench; no build, no
 * server), --checkout-clients=<n> (default 8), --duration and --rounds as above (10 s and 3
 * rounds there, each side in turn, medians);
 * BENCH_CHECKOUT_DATABASE_URL names its own database (recreated: must end in `_bench`). The
 * default run includes it when BENCH_CHECKOUT_DATABASE_URL is set.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { runAuthBench } from "./auth";
import { runBackofficeBench } from "./backoffice";
import { processTreeCpuSeconds } from "./auth-cpu";
import { firstLoadJs, firstLoadTargetKb } from "./first-load-js";
import { describeHtml } from "./html";
import { printLighthouse, runLighthouse } from "./lighthouse";
import { fetchPageHtml, type LoadResult, measureInRounds, type PageHtml } from "./load";
import {
  formatNumber,
  kilobytes,
  type PageTarget,
  pageVerdict,
  PUBLIC_PAGE_TARGET,
  ratio,
  targetHeading,
} from "./stats";

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BASELINE = "/dev/minimal";
/** The public pages (issue 10), each prerendered per locale. */
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/docs",
  "/docs/getting-started",
  "/terms",
  "/privacy",
  "/partners",
  "/contact",
  "/linkpage",
  "/offline",
  "/error",
];
/**
 * Lighthouse's pages: the public pages but /offline (the service worker's fallback) and /error,
 * which ask not to be indexed on purpose: Lighthouse's SEO category counts that against them.
 */
const LIGHTHOUSE_CONTENT_PAGES = PUBLIC_PAGES.filter(
  (path) => path !== "/offline" && path !== "/error",
);
/**
 * The public commerce pages (issue 11 §6: a landing page and a product page ≥ 1.0 of the
 * minimal page): rendered per request over tagged cached data; the demo seed's first product.
 */
const COMMERCE_PAGES = [
  "/commerce",
  "/commerce/product?category=electronics",
  "/commerce/product/00000000-0000-4000-8000-000000100001",
];
/** Lighthouse: the content pages and a commerce landing page and product page (issue 11 §6). */
const LIGHTHOUSE_PAGES = [...LIGHTHOUSE_CONTENT_PAGES, ...COMMERCE_PAGES.slice(1)];
/** Not a page: its throughput only. */
const OTHER_URLS = ["/api/environment"];
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, "").split("=");
    return [key ?? "", value ?? "true"] as const;
  }),
);
const DIST_DIR = args.get("dist") ?? ".next-bench";
/** Embedded database of the run, inside the (git-ignored) dist dir. */
const BENCH_DATA_DIR = `${DIST_DIR}/bench-data`;
const skipBuild = args.has("dist") || args.get("skip-build") === "true";
const jsOnly = args.get("js-only") === "true";
const authOnly = args.get("auth-only") === "true";
const backofficeOnly = args.get("backoffice-only") === "true";
const lighthouseOnly = args.get("lighthouse-only") === "true";
const skipLighthouse = args.get("skip-lighthouse") === "true";
const skipAuth = args.get("skip-auth") === "true";
const lighthouseRuns = Number(args.get("lighthouse-runs") ?? 1);
const lighthouseThrottling =
  args.get("lighthouse-throttling") === "devtools" ? "devtools" : "simulate";
const duration = Number(args.get("duration") ?? 5);
const connections = Number(args.get("connections") ?? 10);
const rounds = Number(args.get("rounds") ?? 3);

const baseEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production" as const,
  NEXT_DIST_DIR: DIST_DIR,
  NEXT_TELEMETRY_DISABLED: "1",
};

function runToEnd(command: string, commandArgs: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: "inherit", env: baseEnv });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`)),
    );
    child.on("error", reject);
  });
}

function startServer(): ChildProcess {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
  // `-H localhost` listens on 127.0.0.1 only. Not `-H 127.0.0.1`: Next then takes its own
  // origin as http://127.0.0.1:…, while the proxy's nextUrl says http://localhost:… (Next
  // normalises loopback hosts), so the locale rewrite looks external and loops (/en/en/…).
  // `npm start`: the production server as deployed, with its Node options (package.json).
  return spawn("npm", ["start", "--", "-H", "localhost", "-p", String(PORT)], {
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
    env: {
      ...baseEnv,
      DEV_TOOLS: "true",
      DATABASE_URL: databaseUrl,
      DATA_DIR: BENCH_DATA_DIR,
      SITE_URL: ORIGIN,
      LOG_LEVEL: "warn",
      // The auth bench signs users up without mail (bench/auth.ts).
      AUTH_AUTOCONFIRM: "true",
      // The bench plays a trusted proxy: its X-Forwarded-For spreads the load over many
      // client addresses, each with its own rate-limit buckets (lib/security/client-address.ts).
      TRUSTED_PROXY_HOPS: "1",
    },
  });
}

function stopServer(server: ChildProcess) {
  if (server.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      server.kill("SIGTERM");
    }
  }
}

async function waitForHealth(timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${ORIGIN}/api/health within ${timeoutMs / 1000}s`);
}

/** A URL that is not a page (an API) has no HTML target, only the ratio. */
function targetOf(path: string): PageTarget {
  if (path.startsWith("/commerce")) return { minRatio: 1, maxHtmlKb: Number.POSITIVE_INFINITY };
  return path.startsWith("/api/")
    ? { minRatio: PUBLIC_PAGE_TARGET.minRatio, maxHtmlKb: Number.POSITIVE_INFINITY }
    : PUBLIC_PAGE_TARGET;
}

function printLoad(results: LoadResult[], html: Map<string, PageHtml>) {
  const base = results.find((r) => r.path === BASELINE);
  console.log(
    `\nThroughput (median of ${rounds} rounds of ${duration}s per URL, ${connections} connections, ${ORIGIN}); HTML: one plain GET, uncompressed, 1 kB = 1,024 bytes`,
  );
  console.log(
    `| URL | req/s | p95 ms | HTML kB | RSC payload kB | non-2xx | errors | ratio to minimal | ${targetHeading(PUBLIC_PAGE_TARGET)} |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const r of results) {
    const page = html.get(r.path);
    const htmlBytes = page?.breakdown.totalBytes ?? Number.NaN;
    const share = base ? ratio(r.requestsPerSecond, base.requestsPerSecond) : Number.NaN;
    const verdict =
      r.path === BASELINE ? "baseline" : pageVerdict(share, htmlBytes, targetOf(r.path));
    console.log(
      `| ${r.path} | ${formatNumber(r.requestsPerSecond)} | ${formatNumber(r.p95Ms)} | ${formatNumber(kilobytes(htmlBytes))} | ${formatNumber(kilobytes(page?.breakdown.rscPayloadBytes ?? Number.NaN))} | ${r.non2xx} | ${r.errors} | ${formatNumber(share, 2)} | ${verdict} |`,
    );
  }
  console.log("\nWhat the HTML is made of (kB):");
  for (const path of [BASELINE, ...PUBLIC_PAGES]) {
    const page = html.get(path);
    if (page) console.log(describeHtml(path, page.html));
  }
}

async function measurePublicPages() {
  const paths = [BASELINE, ...PUBLIC_PAGES, ...COMMERCE_PAGES, ...OTHER_URLS];
  const html = new Map<string, PageHtml>();
  for (const path of paths) {
    const page = await fetchPageHtml(ORIGIN + path);
    if (page.status !== 200) console.log(`warning: ${path} answered ${page.status}`);
    html.set(path, page);
  }
  const results = await measureInRounds(
    ORIGIN,
    paths.map((path) => ({ path })),
    { duration, connections, rounds },
  );
  printLoad(results, html);
}

async function printFirstLoad() {
  const pages = (await firstLoadJs(DIST_DIR)).filter(
    (p) => !p.route.startsWith("/dev/") && !p.route.startsWith("/_"),
  );
  console.log(
    "\nFirst-load JavaScript (gzipped, from the build manifests; target ≤ 150 kB public pages, ≤ 200 kB sign-in, profile and back office)",
  );
  console.log("| page | files | kB gzip | target kB | verdict |");
  console.log("|---|---:|---:|---:|---|");
  for (const p of pages) {
    const kb = kilobytes(p.gzipBytes);
    const target = firstLoadTargetKb(p.route);
    console.log(
      `| ${p.route} | ${p.files} | ${kb} | ${target} | ${kb <= target ? "ok" : "over"} |`,
    );
  }
}

async function lighthouse() {
  const results = await runLighthouse({
    origin: ORIGIN,
    paths: [BASELINE, ...LIGHTHOUSE_PAGES],
    runs: lighthouseRuns,
    chromePath: CHROME_PATH,
    throttlingMethod: lighthouseThrottling,
  });
  printLighthouse(results, {
    runs: lighthouseRuns,
    throttlingMethod: lighthouseThrottling,
    baseline: BASELINE,
  });
}

function authOptions(server: ChildProcess) {
  const serverCpuSeconds = () =>
    server.pid ? processTreeCpuSeconds(server.pid) : Promise.resolve(Number.NaN);
  const serverLoopCpuSeconds = () =>
    server.pid ? processTreeCpuSeconds(server.pid, "main") : Promise.resolve(Number.NaN);
  const burstOnly = args.get("burst-only") === "true";
  return {
    origin: ORIGIN,
    baseline: BASELINE,
    duration,
    connections,
    rounds,
    serverCpuSeconds,
    serverLoopCpuSeconds,
    burstOnly,
  };
}

/**
 * The checkout bench runs the app's server modules in plain Node (scripts/outside-next.mjs),
 * so in a process of its own.
 */
function checkoutBench(): Promise<void> {
  const command = [
    "--import",
    "tsx",
    "--import",
    "./scripts/outside-next.mjs",
    "bench/checkout.ts",
    `--clients=${args.get("checkout-clients") ?? 8}`,
    `--duration=${args.get("duration") ?? 10}`,
    `--rounds=${args.get("rounds") ?? 3}`,
  ];
  return new Promise((resolve, reject) => {
    // The caller's environment as it is (not the server's production settings above).
    const child = spawn(process.execPath, command, { stdio: "inherit", env: process.env });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`bench/checkout.ts exited ${code}`)),
    );
    child.on("error", reject);
  });
}

async function main() {
  if (args.get("checkout-only") === "true") return checkoutBench();
  if (!skipBuild) {
    await rm(DIST_DIR, { recursive: true, force: true });
    await runToEnd("npm", ["run", "build"]);
  }
  if (jsOnly) {
    await printFirstLoad();
    return;
  }
  // Embedded mode starts from an empty folder (the first start seeds the demo). With
  // BENCH_DATABASE_URL the folder holds that database's stored files (the seed's pictures):
  // kept, or every picture the database names would answer 404.
  if (!process.env.BENCH_DATABASE_URL) await rm(BENCH_DATA_DIR, { recursive: true, force: true });
  const server = startServer();
  const stop = () => stopServer(server);
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  try {
    await waitForHealth();
    const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
    const backoffice = () =>
      runBackofficeBench({
        origin: ORIGIN,
        baseline: BASELINE,
        databaseUrl,
        duration,
        connections,
        rounds,
      });
    if (backofficeOnly) return await backoffice();
    if (authOnly) return await runAuthBench(authOptions(server));
    if (lighthouseOnly) return await lighthouse();
    await measurePublicPages();
    await backoffice();
    if (!skipAuth) await runAuthBench(authOptions(server));
    if (!skipLighthouse) await lighthouse();
    await printFirstLoad();
    if (process.env.BENCH_CHECKOUT_DATABASE_URL) await checkoutBench();
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
