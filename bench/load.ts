import autocannon from "autocannon";
import { percentile } from "./stats";

export type LoadResult = {
  path: string;
  requestsPerSecond: number;
  p95Ms: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
};

/** Loads one URL for `duration` seconds and records every response time for the p95. */
export function measure(
  url: string,
  path: string,
  duration: number,
  connections: number,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let bytes = 0;
    const instance = autocannon({ url, duration, connections, timeout: 10 }, (error, result) => {
      if (error) return reject(error);
      resolve({
        path,
        requestsPerSecond: result.requests.total / result.duration,
        p95Ms: percentile(latencies, 95),
        bytesPerResponse: latencies.length ? bytes / latencies.length : 0,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
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
