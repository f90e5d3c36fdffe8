/**
 * GET a JSON document, retrying failed fetches up to 3 times (spec §8) with exponential
 * back-off from 200 ms (spec §9). Network errors, 408, 429 and 5xx are retried; any other
 * status is an answer and is not.
 */
export const DEFAULT_RETRIES = 3;
export const DEFAULT_BASE_DELAY_MS = 200;

export class FetchJsonError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | null,
    readonly attempts: number,
  ) {
    super(`GET ${url} failed after ${attempts} attempt(s)${status ? ` (HTTP ${status})` : ""}`);
    this.name = "FetchJsonError";
  }
}

export type FetchJsonOptions = {
  retries?: number;
  baseDelayMs?: number;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Delay before retry number `attempt` (1-based): 200, 400, 800 ms … */
export function retryDelay(attempt: number, baseDelayMs: number = DEFAULT_BASE_DELAY_MS): number {
  return baseDelayMs * 2 ** (attempt - 1);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function fetchJsonWithRetry(
  url: string,
  options: FetchJsonOptions = {},
): Promise<unknown> {
  const retries = options.retries ?? DEFAULT_RETRIES;
  const fetchImpl = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  let lastStatus: number | null = null;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(retryDelay(attempt, options.baseDelayMs));
    options.signal?.throwIfAborted();
    try {
      const response = await fetchImpl(url, {
        headers: { Accept: "application/json" },
        cache: "no-store",
        signal: options.signal,
      });
      lastStatus = response.status;
      if (response.ok) return await response.json();
      if (!isRetryableStatus(response.status))
        throw new FetchJsonError(url, lastStatus, attempt + 1);
    } catch (error) {
      if (error instanceof FetchJsonError) throw error;
      if (options.signal?.aborted) throw error;
      lastStatus = null;
    }
  }
  throw new FetchJsonError(url, lastStatus, retries + 1);
}
