/**
 * `npm run bench`: builds the app into .next-bench, starts the production server on its own
 * loopback port (DEV_TOOLS=true so /dev/bare exists), and measures with autocannon the
 * requests/s and p95 latency of public URLs against the bare page on the same server, then
 * the first-load JavaScript of every page. Prints ratios against the targets (docs/bench.md).
 *
 * Options: --skip-build (reuse .next-bench), --dist=<dir> (measure an existing build in <dir>,
 * e.g. the e2e build; implies --skip-build), --js-only (print only the first-load JavaScript, no
 * server), --duration=<s> (per URL, default 5),
 * --connections=<n> (default 10), --rounds=<n> (default 3: the URLs are measured in turn, round
 * after round, and each URL's median round is reported, which evens out a busy machine). BENCH_PORT (default 3290), BENCH_DATABASE_URL (default:
 * embedded PGlite under <dist>/bench-data).
 * --backoffice-only: only the back-office figures (bench/backoffice.ts: 1,000 members and
 * 100,000 audit entries; the people and audit lists signed in against the bare page, and the
 * audit page query's plan); needs BENCH_DATABASE_URL (a migrated PostgreSQL database).
 * --auth-only: only the auth figures (bench/auth.ts: password sign-in and token refresh against
 * the bare page, the proxy's added latency on a signed-in request); the default run prints them
 * after the page throughput.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { runAuthBench } from "./auth";
import { runBackofficeBench } from "./backoffice";
import { processTreeCpuSeconds } from "./auth-cpu";
import { firstLoadJs } from "./first-load-js";
import { type LoadResult, measure, medianRun } from "./load";
import { formatNumber, kilobytes, ratio } from "./stats";

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BASELINE = "/dev/bare";
const URLS = ["/", "/about", "/api/environment"];
const THROUGHPUT_TARGET = 0.6;
const FIRST_LOAD_TARGET_KB = 150;

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
  return spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(PORT)], {
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

/** First requests compile and cache code paths: load each URL briefly before measuring. */
async function warmUp(path: string) {
  await measure(ORIGIN + path, path, 2, connections);
}

function printLoad(results: LoadResult[]) {
  const base = results.find((r) => r.path === BASELINE);
  console.log(
    `\nThroughput (median of ${rounds} rounds of ${duration}s per URL, ${connections} connections, ${ORIGIN})`,
  );
  console.log("| URL | req/s | p95 ms | kB/response | non-2xx | errors | ratio to bare | target |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---|");
  for (const r of results) {
    const share = base ? ratio(r.requestsPerSecond, base.requestsPerSecond) : Number.NaN;
    const verdict =
      r.path === BASELINE ? "baseline" : share >= THROUGHPUT_TARGET ? "ok" : "below 0.6";
    console.log(
      `| ${r.path} | ${formatNumber(r.requestsPerSecond)} | ${formatNumber(r.p95Ms)} | ${kilobytes(r.bytesPerResponse)} | ${r.non2xx} | ${r.errors} | ${formatNumber(share, 2)} | ${verdict} |`,
    );
  }
}

async function printFirstLoad() {
  const pages = (await firstLoadJs(DIST_DIR)).filter(
    (p) => !p.route.startsWith("/dev/") && !p.route.startsWith("/_"),
  );
  console.log("\nFirst-load JavaScript (gzipped, from the build manifests)");
  console.log("| page | files | kB gzip | target ≤ 150 kB |");
  console.log("|---|---:|---:|---|");
  for (const p of pages) {
    const kb = kilobytes(p.gzipBytes);
    console.log(
      `| ${p.route} | ${p.files} | ${kb} | ${kb <= FIRST_LOAD_TARGET_KB ? "ok" : "over"} |`,
    );
  }
}

function authOptions(server: ChildProcess) {
  const serverCpuSeconds = () =>
    server.pid ? processTreeCpuSeconds(server.pid) : Promise.resolve(Number.NaN);
  return { origin: ORIGIN, duration, connections, rounds, serverCpuSeconds };
}

async function main() {
  if (!skipBuild) {
    await rm(DIST_DIR, { recursive: true, force: true });
    await runToEnd("npm", ["run", "build"]);
  }
  if (jsOnly) {
    await printFirstLoad();
    return;
  }
  await rm(BENCH_DATA_DIR, { recursive: true, force: true });
  const server = startServer();
  const stop = () => stopServer(server);
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  try {
    await waitForHealth();
    if (backofficeOnly) {
      const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
      await runBackofficeBench({ origin: ORIGIN, databaseUrl, duration, connections, rounds });
      return;
    }
    if (authOnly) {
      await runAuthBench(authOptions(server));
      return;
    }
    const paths = [BASELINE, ...URLS];
    for (const path of paths) await warmUp(path);
    const runs = new Map<string, LoadResult[]>(paths.map((p) => [p, []]));
    for (let round = 0; round < rounds; round++) {
      for (const path of paths) {
        runs.get(path)?.push(await measure(ORIGIN + path, path, duration, connections));
      }
    }
    printLoad(paths.map((p) => medianRun(runs.get(p) ?? [])));
    await runAuthBench(authOptions(server));
    await printFirstLoad();
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
