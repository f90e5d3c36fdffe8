import "server-only";
import { getDb } from "@/lib/db/client";
import {
  consumeRateLimitOn,
  type RateLimitOptions,
  type RateLimitResult,
} from "@/lib/rate-limit/counter";

export type { RateLimitOptions, RateLimitResult } from "@/lib/rate-limit/counter";

/**
 * Counts one hit against `key` in the current fixed window of `windowSeconds` and says
 * whether it stays within `limit`. Counters live in PostgreSQL (table rate_limits), so all
 * app instances share them; windows follow the database clock.
 */
export function consumeRateLimit(options: RateLimitOptions): Promise<RateLimitResult> {
  return consumeRateLimitOn(getDb(), options);
}
