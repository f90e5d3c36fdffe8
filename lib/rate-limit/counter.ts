import { sql } from "drizzle-orm";
import { runAsSystem } from "@/lib/db/run-context";
import { queryRows } from "@/lib/db/rows";
import type { Db } from "@/lib/db/types";

export interface RateLimitOptions {
  /** What is limited and for whom, e.g. `contact:ip:203.0.113.7`. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets when refused; 0 when allowed. */
  retryAfterSeconds: number;
}

/** One in this many calls also deletes expired counters. */
const PRUNE_EVERY = 100;

export async function consumeRateLimitOn(
  db: Db,
  { key, limit, windowSeconds }: RateLimitOptions,
): Promise<RateLimitResult> {
  if (!key) throw new Error("A rate limit needs a key.");
  if (!Number.isInteger(limit) || limit < 1) throw new Error("limit must be a positive integer.");
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
    throw new Error("windowSeconds must be a positive integer.");
  }
  // One statement, committed on its own: no transaction around it (a begin, a context and a
  // commit were two round trips more on every limited request; docs/bench.md "Checkout").
  // The window containing now(); a row from an older window starts over at 1.
  const [row] = await queryRows<{ count: number; retry_after: number | string }>(
    db,
    sql`with w as (
            select to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}) as start
          )
          insert into rate_limits as r (key, window_start, count, expires_at)
          select ${key}, w.start, 1, w.start + make_interval(secs => ${windowSeconds}) from w
          on conflict (key) do update set
            count = case when r.window_start = excluded.window_start then r.count + 1 else 1 end,
            window_start = excluded.window_start,
            expires_at = excluded.expires_at
          returning r.count,
            ceil(extract(epoch from (r.expires_at - now())))::int as retry_after`,
  );
  if (Math.random() * PRUNE_EVERY < 1) {
    await runAsSystem(db, "rate-limit: prune", (tx) =>
      tx.execute(sql`delete from rate_limits where expires_at < now()`),
    );
  }
  const count = Number(row?.count ?? 0);
  const allowed = count <= limit;
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Number(row?.retry_after ?? windowSeconds)),
  };
}
