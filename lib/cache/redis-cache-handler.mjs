// @ts-check
/**
 * Next's incremental cache on Redis (next.config.ts `cacheHandler`, set when REDIS_URL is):
 * ISR pages, route handler responses and `unstable_cache` / `fetch` data of every `next start`
 * instance live in one Redis, and `revalidateTag`, `revalidatePath` and `updateTag` called on
 * one instance take effect on all of them. docs/architecture.md, "Shared cache (scaled out)".
 *
 * Plain JavaScript: Next loads this file with `import()` when the server starts, outside its
 * bundles, so it can be neither TypeScript nor import lib/env.ts. Its types are in
 * redis-cache-handler.d.mts; tests/integration/cache-handler.test.ts runs it on a real Redis.
 *
 * In Redis (keys under `livemarket:next-cache:`):
 * - `entry:<build id>:<key>`: one entry (JSON; Buffers and Maps encoded), for the build that
 *   wrote it only (an HTML page names its build's scripts), expiring after its `expire` time
 *   or MAX_TTL_SECONDS, whichever comes first.
 * - `tag:<tag>`: when the tag was last revalidated (ms). Shared by every build: data changed
 *   for old and new releases alike. An entry holding a tag revalidated at or after the entry
 *   was written is a miss; the next request renders afresh and writes it back.
 *
 * Redis down or slow: reads are misses, writes and revalidations are skipped (revalidations
 * are kept and written when Redis is back), one warning per outage; pages are rendered and
 * served as if nothing was cached, never an error.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient } from "@redis/client";

/** Longest time an entry, and a tag's revalidation time, stays in Redis: one day. */
export const MAX_TTL_SECONDS = 24 * 60 * 60;
const KEY_ROOT = "livemarket:next-cache";
/** The response header that carries a page's or route's tags (Next's NEXT_CACHE_TAGS_HEADER). */
const TAGS_HEADER = "x-next-cache-tags";
const BUFFER = "@@buffer";
const MAP = "@@map";

/**
 * An entry as JSON: Buffers (RSC payloads, route bodies) as base64 and Maps (per-segment RSC
 * payloads) as entry lists, which JSON.stringify would turn into byte arrays and `{}`.
 * @param {unknown} entry
 */
export function encodeEntry(entry) {
  return JSON.stringify(entry, function (key, value) {
    // `this[key]` is the value before Buffer#toJSON turned it into { type, data }.
    const original = /** @type {Record<string, unknown>} */ (this)[key];
    if (original instanceof Uint8Array) {
      return { [BUFFER]: Buffer.from(original).toString("base64") };
    }
    if (original instanceof Map) return { [MAP]: [...original.entries()] };
    return value;
  });
}

/** @param {string} text */
export function decodeEntry(text) {
  return JSON.parse(text, (_key, value) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    const keys = Object.keys(value);
    if (keys.length !== 1) return value;
    if (typeof value[BUFFER] === "string") return Buffer.from(value[BUFFER], "base64");
    if (Array.isArray(value[MAP])) return new Map(value[MAP]);
    return value;
  });
}

/**
 * The tags an entry is written with: a `fetch` / `unstable_cache` entry's are given by Next,
 * a page's or route handler's travel in its tags header (explicit and `_N_T_` path tags).
 * @param {any} data
 * @param {any} ctx
 * @returns {string[]}
 */
function tagsToStore(data, ctx) {
  if (ctx?.fetchCache) return Array.isArray(ctx.tags) ? ctx.tags : [];
  const header = data?.headers?.[TAGS_HEADER];
  if (typeof header === "string") return header.split(",").filter(Boolean);
  return Array.isArray(header) ? header : [];
}

/**
 * Seconds an entry stays in Redis: until Next would refuse to serve it anyway (`expire`),
 * at most MAX_TTL_SECONDS.
 * @param {any} ctx
 */
function ttlSeconds(ctx) {
  const expire = ctx?.fetchCache ? undefined : ctx?.cacheControl?.expire;
  const seconds = typeof expire === "number" && expire > 0 ? expire : MAX_TTL_SECONDS;
  return Math.max(1, Math.ceil(Math.min(seconds, MAX_TTL_SECONDS)));
}

/** @param {unknown} error */
function describe(error) {
  return error instanceof Error ? error.message : String(error);
}

/** @param {string} serverDistDir */
function readBuildId(serverDistDir) {
  try {
    return readFileSync(path.join(serverDistDir, "..", "BUILD_ID"), "utf8").trim() || null;
  } catch {
    return null;
  }
}

/**
 * One Redis connection and the cache's rules, shared by every handler object Next creates
 * (it creates one per request).
 */
class RedisCacheStore {
  /** @param {import("./redis-cache-handler.d.mts").RedisCacheHandlerOptions} options */
  constructor(options) {
    this.url = options.url;
    this.buildId = options.buildId ?? null;
    this.timeoutMs = options.timeoutMs ?? 1000;
    this.logger = options.logger ?? console;
    /** @type {import("@redis/client").RedisClientType | null} */
    this.client = null;
    /** @type {Promise<void> | null} */
    this.firstConnection = null;
    this.waitedForFirstConnection = false;
    this.warned = false;
    /** Revalidations Redis could not take yet: tag → time (ms). */
    this.pendingTags = new Map();
  }

  /** @param {string | undefined} serverDistDir */
  useBuildOf(serverDistDir) {
    if (!this.buildId && serverDistDir) this.buildId = readBuildId(serverDistDir);
  }

  /** @param {string} key */
  entryKey(key) {
    return `${KEY_ROOT}:entry:${this.buildId ?? "unknown"}:${key}`;
  }

  /** @param {string} tag */
  tagKey(tag) {
    return `${KEY_ROOT}:tag:${tag}`;
  }

  /** The connected client, or an error at once when Redis cannot be reached. */
  async connected() {
    if (!this.url) throw new Error("REDIS_URL is not set");
    if (!this.client) {
      const client = createClient({
        url: this.url,
        // A command while the connection is down fails at once instead of waiting for it.
        disableOfflineQueue: true,
        commandOptions: { timeout: this.timeoutMs },
        socket: {
          connectTimeout: this.timeoutMs,
          reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000),
        },
      });
      client.on("error", (error) => this.unavailable(error));
      client.on("ready", () => this.available());
      this.client = /** @type {any} */ (client);
      this.firstConnection = client.connect().then(
        () => undefined,
        () => undefined,
      );
    }
    const client = /** @type {import("@redis/client").RedisClientType} */ (this.client);
    if (!client.isReady && !this.waitedForFirstConnection) {
      // The first request of a starting server waits for the connection, once; later ones
      // never wait for a Redis that is down.
      this.waitedForFirstConnection = true;
      await Promise.race([this.firstConnection, delay(this.timeoutMs)]);
    }
    if (!client.isReady) throw new Error("Redis is not connected");
    return client;
  }

  /** @param {unknown} error */
  unavailable(error) {
    if (this.warned) return;
    this.warned = true;
    this.logger.warn(
      "cache: Redis unavailable, pages are rendered without the shared cache until it is back",
      { error: describe(error) },
    );
  }

  available() {
    if (this.warned) {
      this.warned = false;
      this.logger.info("cache: Redis reachable again");
    }
    if (this.pendingTags.size > 0) void this.writePendingTags();
  }

  async writePendingTags() {
    const pending = [...this.pendingTags];
    this.pendingTags.clear();
    try {
      await this.writeTags(await this.connected(), pending);
    } catch (error) {
      this.keepPending(pending);
      this.unavailable(error);
    }
  }

  /** @param {Array<[string, number]>} tags */
  keepPending(tags) {
    for (const [tag, at] of tags) {
      this.pendingTags.set(tag, Math.max(at, this.pendingTags.get(tag) ?? 0));
    }
  }

  /**
   * @param {import("@redis/client").RedisClientType} client
   * @param {Array<[string, number]>} tags
   */
  async writeTags(client, tags) {
    const multi = client.multi();
    for (const [tag, at] of tags) {
      multi.set(this.tagKey(tag), String(at), {
        expiration: { type: "EX", value: MAX_TTL_SECONDS },
      });
    }
    await multi.exec();
  }

  /**
   * @param {string} key
   * @param {any} ctx
   */
  async get(key, ctx) {
    try {
      const client = await this.connected();
      const text = await client.get(this.entryKey(key));
      if (text === null) return null;
      const entry = decodeEntry(text);
      const tags = [
        ...new Set([...(entry.tags ?? []), ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])]),
      ];
      if (tags.length > 0) {
        const revalidatedAt = await client.mGet(tags.map((tag) => this.tagKey(tag)));
        if (revalidatedAt.some((at) => at !== null && Number(at) >= entry.lastModified)) {
          return null;
        }
      }
      return {
        lastModified: entry.lastModified,
        value: entry.value,
        ...(entry.cacheControl ? { cacheControl: entry.cacheControl } : {}),
      };
    } catch (error) {
      this.unavailable(error);
      return null;
    }
  }

  /**
   * @param {string} key
   * @param {unknown} data
   * @param {any} ctx
   */
  async set(key, data, ctx) {
    try {
      const client = await this.connected();
      const entry = {
        lastModified: Date.now(),
        tags: tagsToStore(data, ctx),
        cacheControl: ctx?.fetchCache ? undefined : ctx?.cacheControl,
        value: data,
      };
      await client.set(this.entryKey(key), encodeEntry(entry), {
        expiration: { type: "EX", value: ttlSeconds(ctx) },
      });
    } catch (error) {
      this.unavailable(error);
    }
  }

  /**
   * Every revalidation expires the tag's entries at once, whatever the profile: the next
   * request on any instance renders afresh (no stale-while-revalidate on tags).
   * @param {string | string[]} tags
   */
  async revalidateTag(tags) {
    const at = Date.now();
    /** @type {Array<[string, number]>} */
    const revalidated = (typeof tags === "string" ? [tags] : tags)
      .filter(Boolean)
      .map((tag) => [tag, at]);
    if (revalidated.length === 0) return;
    try {
      await this.writeTags(await this.connected(), revalidated);
    } catch (error) {
      this.keepPending(revalidated);
      this.unavailable(error);
    }
  }

  async close() {
    const client = this.client;
    this.client = null;
    this.firstConnection = null;
    this.waitedForFirstConnection = false;
    if (client?.isOpen) client.destroy();
  }
}

/** @param {number} ms */
function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * A cache handler class on its own Redis connection (a server has one; tests make two).
 * @param {import("./redis-cache-handler.d.mts").RedisCacheHandlerOptions} options
 */
export function createRedisCacheHandler(options) {
  const store = new RedisCacheStore(options);
  return class RedisCacheHandler {
    /** @param {{ serverDistDir?: string } | undefined} context */
    constructor(context) {
      store.useBuildOf(context?.serverDistDir);
    }

    /**
     * @param {string} key
     * @param {any} ctx
     */
    get(key, ctx) {
      return store.get(key, ctx);
    }

    /**
     * @param {string} key
     * @param {unknown} data
     * @param {any} ctx
     */
    set(key, data, ctx) {
      return store.set(key, data, ctx);
    }

    /** @param {string | string[]} tags */
    revalidateTag(tags) {
      return store.revalidateTag(tags);
    }

    /** Nothing is kept per request. */
    resetRequestCache() {}

    /** Ends the connection (tests; a server keeps it until it exits). */
    static close() {
      return store.close();
    }
  };
}

// The one setting read here rather than in lib/env.ts, which Next cannot load at this point;
// next.config.ts configures this handler only when it is set (lib/env.ts validates it).
// eslint-disable-next-line no-restricted-syntax
export default createRedisCacheHandler({ url: process.env.REDIS_URL ?? "" });
