/**
 * The Redis cache handler (lib/cache/redis-cache-handler.mjs) as two `next start` instances
 * use it: each creates its own handler class and Redis connection on one REDIS_URL (default
 * the machine's Redis, database 0; keys of a random build id, removed afterwards).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@redis/client";
import type { CacheHandler, CacheHandlerContext } from "next/dist/server/lib/incremental-cache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createRedisCacheHandler,
  MAX_TTL_SECONDS,
  type RedisCacheHandlerClass,
  type RedisCacheHandlerOptions,
} from "@/lib/cache/redis-cache-handler.mjs";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";

const REDIS_URL = process.env.REDIS_URL?.trim() || "redis://127.0.0.1:6379";
const redisUrl = new URL(REDIS_URL);
const KEY_ROOT = "livemarket:next-cache";
const buildId = `test-${randomUUID()}`;
/** Tags are shared by all builds: each test run uses its own. */
const run = randomUUID().slice(0, 8);
const tag = (name: string) => `${name}-${run}`;

/** The class is what next.config's `cacheHandler` file must export (checked by tsc). */
type FitsNext = RedisCacheHandlerClass extends new (context: CacheHandlerContext) => CacheHandler
  ? true
  : never;
const _fitsNext: FitsNext = true;

const redis = createClient({ url: REDIS_URL });
const classes: RedisCacheHandlerClass[] = [];
const proxies: TcpProxy[] = [];

/** A server's handler class: its own connection, as each `next start` process has. */
function server(options: Partial<RedisCacheHandlerOptions> = {}) {
  const Handler = createRedisCacheHandler({ url: REDIS_URL, buildId, ...options });
  classes.push(Handler);
  // Next creates a handler object per request; they share the class's connection.
  return { Handler, handler: () => new Handler({ serverDistDir: "/nonexistent/server" }) };
}

/** Where Redis is reached through `proxy` (same database). */
function throughProxy(proxy: TcpProxy) {
  const url = new URL(REDIS_URL);
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  return url.toString();
}

function collectingLogger() {
  const lines: string[] = [];
  return {
    lines,
    logger: {
      warn: (message: string) => void lines.push(`warn ${message}`),
      info: (message: string) => void lines.push(`info ${message}`),
    },
  };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

const pageKey = (pathname: string) => `/route-cache/APP_PAGE/${"a".repeat(64)}/$${pathname}`;

function appPage(html: string, tags: string[]) {
  return {
    kind: "APP_PAGE" as const,
    html,
    rscData: Buffer.from([0, 1, 127, 128, 254, 255]),
    headers: { "x-next-cache-tags": tags.join(",") },
    postponed: undefined,
    status: 200,
    segmentData: new Map([
      ["/_tree", Buffer.from("tree")],
      ["/_full", Buffer.from([255, 0, 10])],
    ]),
  };
}

const pageContext = { kind: "APP_PAGE", isFallback: false };
const cacheControl = { revalidate: false as const, expire: 31_536_000 };

beforeAll(async () => {
  await redis.connect();
});

afterAll(async () => {
  await Promise.all(classes.map((Handler) => Handler.close()));
  await Promise.all(proxies.map((proxy) => proxy.close()));
  for (const pattern of [`${KEY_ROOT}:entry:test-*`, `${KEY_ROOT}:tag:*-${run}`]) {
    for await (const keys of redis.scanIterator({ MATCH: pattern, COUNT: 500 })) {
      if (keys.length > 0) await redis.del(keys);
    }
  }
  redis.destroy();
});

describe("two instances on one Redis", () => {
  const a = server();
  const b = server();

  it("an entry written by one instance is read by the other, Buffers and Maps intact", async () => {
    const key = pageKey(`/en/events-${run}`);
    const value = appPage("<html>events</html>", [`_N_T_/en/events-${run}`, tag("events")]);
    const before = Date.now();
    await a.handler().set(key, value, { cacheControl });

    const read = await b.handler().get(key, pageContext);
    expect(read?.value).toEqual(value);
    const page = read?.value as ReturnType<typeof appPage>;
    expect(Buffer.isBuffer(page.rscData)).toBe(true);
    expect(page.segmentData).toBeInstanceOf(Map);
    expect(Buffer.isBuffer(page.segmentData.get("/_full"))).toBe(true);
    expect(read?.cacheControl).toEqual(cacheControl);
    expect(read?.lastModified).toBeGreaterThanOrEqual(before);
    expect(read?.lastModified).toBeLessThanOrEqual(Date.now());
  });

  it("a miss is null", async () => {
    expect(await b.handler().get(pageKey(`/en/nothing-${run}`), pageContext)).toBeNull();
  });

  it("revalidateTag on one instance makes the other's next read a miss, at once", async () => {
    const key = pageKey(`/en/services-${run}`);
    const other = pageKey(`/en/products-${run}`);
    await a.handler().set(key, appPage("old", [tag("services")]), { cacheControl });
    await a.handler().set(other, appPage("other", [tag("products")]), { cacheControl });
    expect(await b.handler().get(key, pageContext)).not.toBeNull();

    const revalidated = Date.now();
    await a.handler().revalidateTag(tag("services"));
    expect(await b.handler().get(key, pageContext)).toBeNull();
    expect(Date.now() - revalidated).toBeLessThan(1000);
    // Entries without the tag stay.
    expect((await b.handler().get(other, pageContext))?.value).toMatchObject({ html: "other" });

    // B renders the page again: the new entry is fresh for both.
    await new Promise((resolve) => setTimeout(resolve, 2));
    await b.handler().set(key, appPage("new", [tag("services")]), { cacheControl });
    expect((await a.handler().get(key, pageContext))?.value).toMatchObject({ html: "new" });
  });

  it("revalidatePath's path tag, a list of tags and a profile (`max`) all expire at once", async () => {
    const key = pageKey(`/es/about-${run}`);
    const pathTag = `_N_T_/es/about-${run}`;
    const write = () =>
      a.handler().set(key, appPage("about", [pathTag, tag("about")]), { cacheControl });

    await write();
    await b.handler().revalidateTag([tag("unrelated"), pathTag]);
    expect(await a.handler().get(key, pageContext)).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 2));
    await write();
    // revalidateTag(tag, "max") reaches the handler with the profile's expire time.
    await b.handler().revalidateTag([tag("about")], { expire: 31_536_000 });
    expect(await a.handler().get(key, pageContext)).toBeNull();
  });

  it("fetch / unstable_cache entries: their tags and the page's path tags", async () => {
    const key = `fetch-${run}`;
    const data = {
      kind: "FETCH" as const,
      data: { headers: {}, body: '{"rows":[1,2]}', url: "", status: 200 },
      revalidate: 3600,
    };
    await a.handler().set(key, data, { fetchCache: true, tags: [tag("listing")] });
    const readContext = {
      kind: "FETCH",
      tags: [tag("listing")],
      softTags: [`_N_T_/en/listing-${run}`],
    };
    expect((await b.handler().get(key, readContext))?.value).toEqual(data);

    // revalidatePath of the page that read it.
    await a.handler().revalidateTag(`_N_T_/en/listing-${run}`);
    expect(await b.handler().get(key, readContext)).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 2));
    await b.handler().set(key, data, { fetchCache: true, tags: [tag("listing")] });
    expect(await a.handler().get(key, readContext)).not.toBeNull();
    await b.handler().revalidateTag(tag("listing"));
    expect(await a.handler().get(key, readContext)).toBeNull();
  });

  it("entries and revalidations expire in Redis", async () => {
    const timed = pageKey(`/en/timed-${run}`);
    const forever = pageKey(`/en/forever-${run}`);
    await a.handler().set(timed, appPage("t", []), {
      cacheControl: { revalidate: 60, expire: 600 },
    });
    await a.handler().set(forever, appPage("f", []), { cacheControl });
    await a.handler().set(`fetch-ttl-${run}`, { kind: "FETCH" }, { fetchCache: true });
    await a.handler().revalidateTag(tag("ttl"));

    const ttl = (key: string) => redis.ttl(key);
    const timedTtl = await ttl(`${KEY_ROOT}:entry:${buildId}:${timed}`);
    expect(timedTtl).toBeGreaterThan(590);
    expect(timedTtl).toBeLessThanOrEqual(600);
    for (const key of [
      `${KEY_ROOT}:entry:${buildId}:${forever}`,
      `${KEY_ROOT}:entry:${buildId}:fetch-ttl-${run}`,
      `${KEY_ROOT}:tag:${tag("ttl")}`,
    ]) {
      const seconds = await ttl(key);
      expect(seconds, key).toBeGreaterThan(MAX_TTL_SECONDS - 10);
      expect(seconds, key).toBeLessThanOrEqual(MAX_TTL_SECONDS);
    }
  });
});

describe("releases", () => {
  it("another build does not read this build's entries, but shares its revalidations", async () => {
    const current = server();
    const next = server({ buildId: `test-${randomUUID()}` });
    const key = pageKey(`/en/release-${run}`);
    await current.handler().set(key, appPage("v1", [tag("release")]), { cacheControl });
    expect(await next.handler().get(key, pageContext)).toBeNull();

    await next.handler().set(key, appPage("v2", [tag("release")]), { cacheControl });
    expect((await current.handler().get(key, pageContext))?.value).toMatchObject({ html: "v1" });
    await next.handler().revalidateTag(tag("release"));
    expect(await current.handler().get(key, pageContext)).toBeNull();
  });

  it("the build id comes from the BUILD_ID file beside Next's server folder", async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), "cache-handler-"));
    try {
      const id = `test-${randomUUID()}`;
      mkdirSync(path.join(distDir, "server"));
      writeFileSync(path.join(distDir, "BUILD_ID"), `${id}\n`);
      const Handler = createRedisCacheHandler({ url: REDIS_URL });
      classes.push(Handler);
      const key = pageKey(`/en/build-${run}`);
      await new Handler({ serverDistDir: path.join(distDir, "server") }).set(
        key,
        appPage("b", []),
        { cacheControl },
      );
      expect(await redis.exists(`${KEY_ROOT}:entry:${id}:${key}`)).toBe(1);
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe("Redis unavailable", () => {
  it("unreachable: reads miss, writes and revalidations resolve, one warning", async () => {
    const closed = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port) });
    proxies.push(closed);
    await closed.cut();
    const { lines, logger } = collectingLogger();
    const down = server({ url: throughProxy(closed), timeoutMs: 300, logger });

    const started = Date.now();
    expect(await down.handler().get(pageKey("/en"), pageContext)).toBeNull();
    await expect(
      down.handler().set(pageKey("/en"), appPage("x", []), { cacheControl }),
    ).resolves.toBeUndefined();
    await expect(down.handler().revalidateTag(tag("down"))).resolves.toBeUndefined();
    for (let i = 0; i < 20; i += 1) {
      expect(await down.handler().get(pageKey(`/en/${i}`), pageContext)).toBeNull();
    }
    // Only the first call waits (for the first connection), at most the timeout.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(lines.filter((line) => line.startsWith("warn"))).toHaveLength(1);
  });

  it("hanging: a Redis that never answers costs at most the timeout, then misses", async () => {
    const silent = await startTcpProxy(
      { host: redisUrl.hostname, port: Number(redisUrl.port) },
      { silent: true },
    );
    proxies.push(silent);
    const { lines, logger } = collectingLogger();
    const hung = server({ url: throughProxy(silent), timeoutMs: 200, logger });
    const started = Date.now();
    expect(await hung.handler().get(pageKey("/en"), pageContext)).toBeNull();
    await hung.handler().set(pageKey("/en"), appPage("x", []), { cacheControl });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(lines.filter((line) => line.startsWith("warn"))).toHaveLength(1);
  });

  it("an outage: misses meanwhile, revalidations made during it reach Redis when it is back", async () => {
    const proxy = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port) });
    proxies.push(proxy);
    const { lines, logger } = collectingLogger();
    const flaky = server({ url: throughProxy(proxy), timeoutMs: 300, logger });
    const steady = server();
    const key = pageKey(`/en/outage-${run}`);

    await steady.handler().set(key, appPage("before", [tag("outage")]), { cacheControl });
    expect(await flaky.handler().get(key, pageContext)).not.toBeNull();

    await proxy.cut();
    expect(await flaky.handler().get(key, pageContext)).toBeNull();
    await flaky.handler().revalidateTag(tag("outage"));
    // The other instance, still connected, does not know yet.
    expect(await steady.handler().get(key, pageContext)).not.toBeNull();

    await proxy.restore();
    await waitFor(async () => (await steady.handler().get(key, pageContext)) === null, 10_000);
    expect(lines).toEqual([
      expect.stringMatching(/^warn cache: Redis unavailable/),
      "info cache: Redis reachable again",
    ]);
  });
});
