import autocannon from "autocannon";
import { type HtmlBreakdown, htmlBreakdown } from "./html";
import { percentile } from "./stats";

export type LoadResult = {
  path: string;
  requestsPerSecond: number;
  p95Ms: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
};

/**
 * Loads one URL for `duration` seconds and records every response time for the p95.
 * `cookie`: sent with every request (a signed-in page).
 */
export function measure(
  url: string,
  path: string,
  duration: number,
  connections: number,
  cookie?: string,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let bytes = 0;
    const instance = autocannon(
      { url, duration, connections, timeout: 10, headers: cookie ? { cookie } : undefined },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          path,
          requestsPerSecond: result.requests.total / result.duration,
          p95Ms: percentile(latencies, 95),
          bytesPerResponse: latencies.length ? bytes / latencies.length : 0,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on("response", (_client, _status, resBytes, responseTime) => {
      latencies.push(responseTime);
      bytes += resBytes;
    });
  });
}

/** The round with the median throughput of several runs of one URL. */
export function medianRun(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("no runs");
  return middle;
}

/** Warm-up, then `rounds` rounds over every URL in turn (evens out a busy machine). */
export async function measureInRounds(
  origin: string,
  pages: readonly { path: string; cookie?: string }[],
  options: { duration: number; connections: number; rounds: number },
): Promise<LoadResult[]> {
  const { duration, connections, rounds } = options;
  // First requests compile and cache code paths: load each URL briefly before measuring.
  for (const page of pages)
    await measure(origin + page.path, page.path, 2, connections, page.cookie);
  const runs = new Map<string, LoadResult[]>(pages.map((p) => [p.path, []]));
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      runs
        .get(page.path)
        ?.push(await measure(origin + page.path, page.path, duration, connections, page.cookie));
    }
  }
  return pages.map((p) => medianRun(runs.get(p.path) ?? []));
}

export type PageHtml = { status: number; html: string; breakdown: HtmlBreakdown };

/**
 * One plain GET, as a browser's first visit (no cookie unless given): the HTML as served,
 * decompressed, and what it is made of.
 */
export async function fetchPageHtml(url: string, cookie?: string): Promise<PageHtml> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await response.text();
  return { status: response.status, html, breakdown: htmlBreakdown(html) };
}
