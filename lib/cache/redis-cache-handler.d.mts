// Types of redis-cache-handler.mjs (plain JavaScript: Next loads it with import()).
// tests/integration/cache-handler.test.ts checks that the class fits Next's CacheHandler.
import type { CacheHandlerValue } from "next/dist/server/lib/incremental-cache";

export interface RedisCacheHandlerOptions {
  /** redis:// or rediss:// URL (REDIS_URL). Empty: every read misses and writes are skipped. */
  url: string;
  /** Entries are kept per build. Unset: the BUILD_ID file beside Next's server folder. */
  buildId?: string;
  /** Longest wait for Redis: the first connection, and each command. Default 1000 ms. */
  timeoutMs?: number;
  /** Where the warning of an outage goes. Default: console. */
  logger?: Pick<Console, "warn" | "info">;
}

/** One handler object (Next makes one per request; they share the class's connection). */
export interface RedisCacheHandler {
  /** The entry, or null: missing, holding a tag revalidated since it was written, or Redis down. */
  get(key: string, ctx?: object): Promise<CacheHandlerValue | null>;
  set(key: string, data: unknown, ctx?: object): Promise<void>;
  /** Any profile (durations) expires the tags' entries at once. */
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}

export interface RedisCacheHandlerClass {
  new (context?: { serverDistDir?: string }): RedisCacheHandler;
  /** Ends the Redis connection. */
  close(): Promise<void>;
}

export const MAX_TTL_SECONDS: number;
export function encodeEntry(entry: unknown): string;
export function decodeEntry(text: string): unknown;
export function createRedisCacheHandler(options: RedisCacheHandlerOptions): RedisCacheHandlerClass;

declare const RedisCacheHandlerForNext: RedisCacheHandlerClass;
export default RedisCacheHandlerForNext;
