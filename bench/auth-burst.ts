/**
 * Page latency during a burst of password sign-ins (issue 10, docs/bench.md "Sign-in burst").
 *
 * For each page (the baseline and `/`) and each page concurrency (1 connection: latency with
 * no queueing of its own; `connections`: a loaded server), in interleaved rounds:
 * 1. the page alone for `duration` seconds;
 * 2. BURST_SIGN_INS connections signing in with passwords without pause (the auth bench's
 *    password request: its users in turn, one client address per request), given
 *    BURST_RAMP_MS to be in full swing, then the page again for `duration` seconds while the
 *    burst goes on; the burst stops when the page's load ends.
 * Each case reports its median round by p95; the ratio is p95 during the burst ÷ p95 alone.
 */
import autocannon, { type RequestSpec } from "autocannon";
import { type LoadResult, measure } from "./load";
import { formatNumber, ratio } from "./stats";

/** A page's p95 during a sign-in burst, at most this many times its p95 alone (issue 10). */
export const BURST_P95_TARGET = 2;
/** Concurrent password sign-ins of the burst (issue 10). */
export const BURST_SIGN_INS = 10;
const BURST_RAMP_MS = 1000;

export type BurstBenchOptions = {
  origin: string;
  /** The pages measured (the baseline first). */
  pages: string[];
  duration: number;
  connections: number;
  rounds: number;
  /** One password sign-in (POST /auth/v1/token?grant_type=password) with a valid user. */
  signIn: RequestSpec;
};

type SignInFigures = { requestsPerSecond: number; non2xx: number; errors: number };

/** Password sign-ins over BURST_SIGN_INS connections, without pause; the result stops them. */
function startSignInBurst(origin: string, signIn: RequestSpec): () => Promise<SignInFigures> {
  let instance: ReturnType<typeof autocannon> | undefined;
  const finished = new Promise<SignInFigures>((resolve, reject) => {
    instance = autocannon(
      // Ended by the returned function; the duration is only a bound.
      { url: origin, connections: BURST_SIGN_INS, duration: 3600, timeout: 10, requests: [signIn] },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.total / result.duration,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
  });
  return () => {
    instance?.stop();
    return finished;
  };
}

type Sample = { alone: LoadResult; burst: LoadResult; signIns: SignInFigures };

function medianBy<T>(items: T[], by: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => by(a) - by(b));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("no runs");
  return middle;
}

async function sample(options: BurstBenchOptions, page: string, connections: number) {
  const url = options.origin + page;
  const alone = await measure(url, page, options.duration, connections);
  const stopBurst = startSignInBurst(options.origin, options.signIn);
  try {
    await new Promise((resolve) => setTimeout(resolve, BURST_RAMP_MS));
    const burst = await measure(url, page, options.duration, connections);
    return { alone, burst, signIns: await stopBurst() };
  } catch (error) {
    await stopBurst();
    throw error;
  }
}

export async function runSignInBurstBench(options: BurstBenchOptions): Promise<void> {
  const { origin, pages, duration, connections, rounds } = options;
  const concurrencies = [...new Set([1, connections])];
  for (const page of pages) await measure(origin + page, page, 2, connections);
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      for (const c of concurrencies) {
        const key = `${page} ${c}`;
        samples.set(key, [...(samples.get(key) ?? []), await sample(options, page, c)]);
      }
    }
  }

  console.log(
    `\nSign-in burst: page p95 alone and during ${BURST_SIGN_INS} concurrent password sign-ins (median of ${rounds} rounds of ${duration}s by p95)`,
  );
  console.log(
    "| page | connections | alone req/s | alone p95 ms | burst req/s | burst p95 ms | sign-ins/s | sign-in non-2xx | p95 ratio | target ≤ 2 |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const page of pages) {
    for (const c of concurrencies) {
      const runs = samples.get(`${page} ${c}`) ?? [];
      const alone = medianBy(runs, (s) => s.alone.p95Ms).alone;
      const during = medianBy(runs, (s) => s.burst.p95Ms);
      const share = ratio(during.burst.p95Ms, alone.p95Ms);
      const failures = during.signIns.non2xx + during.signIns.errors + during.burst.non2xx;
      console.log(
        `| ${page} | ${c} | ${formatNumber(alone.requestsPerSecond)} | ${formatNumber(alone.p95Ms)} | ${formatNumber(during.burst.requestsPerSecond)} | ${formatNumber(during.burst.p95Ms)} | ${formatNumber(during.signIns.requestsPerSecond)} | ${during.signIns.non2xx + during.signIns.errors} | ${formatNumber(share, 2)} | ${share <= BURST_P95_TARGET ? "ok" : "over"}${failures > 0 ? " (failures)" : ""} |`,
      );
    }
  }
}
