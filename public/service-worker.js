/*
 * Live Market service worker (docs/platform.md).
 * - Caches the build's static assets (/_next/static/…, icons) cache-first: their names are
 *   content-hashed, so a cached copy is never stale.
 * - Keeps an anonymous copy of /offline and serves it when a page navigation fails offline.
 * - Never caches API answers, auth traffic or HTML pages: every /api/ and /auth/ request goes
 *   straight to the network, and any response marked private or no-store, or setting a cookie,
 *   is not stored.
 */
const STATIC_CACHE = "live-market-static-v1";
const OFFLINE_CACHE = "live-market-offline-v1";
const OFFLINE_URL = "/offline";
const MAX_STATIC_ENTRIES = 300;

function isStaticAsset(url) {
  return (
    url.pathname.startsWith("/_next/static/") ||
    url.pathname.startsWith("/icons/") ||
    url.pathname === "/favicon.ico" ||
    url.pathname === "/icon.svg" ||
    url.pathname === "/apple-icon.png"
  );
}

function isNeverCached(url) {
  return url.pathname.startsWith("/api/") || url.pathname.startsWith("/auth/");
}

function isCacheable(response) {
  if (!response || !response.ok || response.type === "opaque") return false;
  if (response.headers.has("set-cookie")) return false;
  const cacheControl = (response.headers.get("cache-control") || "").toLowerCase();
  return !/\b(private|no-store)\b/.test(cacheControl);
}

async function trimCache(cacheName, maxEntries) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  const excess = keys.length - maxEntries;
  for (let i = 0; i < excess; i++) await cache.delete(keys[i]);
}

/** The offline page and the static assets it links, fetched without cookies (anonymous). */
async function cacheOfflinePage() {
  const response = await fetch(OFFLINE_URL, { credentials: "omit", cache: "no-store" });
  if (!response.ok) throw new Error(`offline page answered ${response.status}`);
  const html = await response.clone().text();
  const offline = await caches.open(OFFLINE_CACHE);
  await offline.put(OFFLINE_URL, response);
  const assets = new Set(html.match(/\/_next\/static\/[^"'\s)\\]+/g) || []);
  const statics = await caches.open(STATIC_CACHE);
  await Promise.all(
    [...assets].map(async (asset) => {
      try {
        const assetResponse = await fetch(asset, { credentials: "omit" });
        if (isCacheable(assetResponse)) await statics.put(asset, assetResponse);
      } catch {
        // A missing asset only makes the offline page plainer; the install still succeeds.
      }
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheOfflinePage().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const keep = new Set([STATIC_CACHE, OFFLINE_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => !keep.has(n)).map((n) => caches.delete(n))))
      .then(() => trimCache(STATIC_CACHE, MAX_STATIC_ENTRIES))
      .then(() => self.clients.claim()),
  );
});

async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (isCacheable(response)) await cache.put(request, response.clone());
  return response;
}

async function networkWithOfflineFallback(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE });
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNeverCached(url)) return;
  if (request.mode === "navigate") {
    event.respondWith(networkWithOfflineFallback(request));
    return;
  }
  if (isStaticAsset(url)) event.respondWith(cacheFirst(request));
});
