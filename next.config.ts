import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_SERVER } from "next/constants";
import createNextIntlPlugin from "next-intl/plugin";
import { MAX_ACTION_BODY_BYTES } from "./lib/security/action-body-limits";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: {
    // The catalogues (messages/<locale>/<namespace>.json) are compiled at build time, so the
    // browser gets a small formatter instead of the whole ICU parser (docs/bench.md).
    messages: { format: "json", path: "./messages", locales: ["en", "es"], precompile: true },
  },
});

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(self), microphone=(self), geolocation=(self)" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" },
  ...(process.env.NODE_ENV === "production"
    ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]
    : []),
];

/**
 * The icon sprite's version (components/ui/icon.tsx, app/icons.svg/route.ts): the icon list (with
 * the categories' icons) and lucide's version, so a changed sprite gets a new URL and the old one may be cached for a year.
 */
function iconSpriteVersion(): string {
  const lucide = createRequire(path.join(process.cwd(), "package.json"))(
    "lucide-react/package.json",
  ) as { version: string };
  return createHash("sha256")
    .update(lucide.version)
    .update(readFileSync(path.join(process.cwd(), "lib/icons/icon-names.ts")))
    .update(readFileSync(path.join(process.cwd(), "lib/navigation/categories.ts")))
    .digest("hex")
    .slice(0, 12);
}

const nextConfig: NextConfig = {
  env: { ICON_SPRITE_VERSION: iconSpriteVersion() },
  // Lets several builds live side by side (tests, benches, parallel work).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // `npm test` runs `tsc --noEmit` (the whole project, tests included) before the build, so
  // the build does not type-check a second time.
  typescript: { ignoreBuildErrors: true },
  // One id for every instance of a release (BUILD_ID); unset, Next generates one. The build
  // id is what browsers compare against builds/latest.json to offer a reload (docs/platform.md).
  generateBuildId: async () => process.env.BUILD_ID?.trim() || null,
  reactStrictMode: true,
  // Pictures are public files served by our own routes (galleries, review photos); pages ask
  // the optimizer for the widths they show (WebP, one quality). Each instance keeps its
  // optimized copies on disk for an hour at least: a removed picture may be served that long.
  images: {
    localPatterns: [{ pathname: "/api/public-files/**" }, { pathname: "/api/review-photos/**" }],
    formats: ["image/webp"],
    // Few widths keep each picture's srcset short in the HTML (a card's is about 7 entries).
    deviceSizes: [640, 828, 1200, 1920],
    imageSizes: [64, 128, 256, 384],
    qualities: [75],
    minimumCacheTTL: 3600,
  },
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "nodemailer", "pdfkit"],
  experimental: {
    // Unknown URLs get app/global-not-found.tsx: the root layout lives under app/[locale]
    // (the proxy rewrites every page to its locale), so there is no app-wide one to wrap a 404.
    globalNotFound: true,
    // The largest form's limit; the proxy refuses a bigger action body first, and each form's
    // own limit, with 413 (lib/security/action-body-limits.ts). Files go to route handlers.
    serverActions: { bodySizeLimit: MAX_ACTION_BODY_BYTES },
    // Pages and data cached at run time stay in memory (an LRU of cacheMaxMemorySize, 50 MB)
    // instead of being written under <distDir>/server: each distinct unknown product id is a
    // cached 404, which on disk would grow without bound. Pages prerendered at build time are
    // still read from the build. With REDIS_URL the Redis handler keeps them instead.
    isrFlushToDisk: false,
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

/**
 * Scaled out (docs/architecture.md, "Shared cache (scaled out)"): with REDIS_URL, `next start`
 * keeps Next's cache (ISR pages, route handler responses, unstable_cache data) in Redis through
 * lib/cache/redis-cache-handler.mjs, so all instances share its entries and revalidations.
 * Not for `next build` (building needs no Redis) nor `next dev` (which caches no pages).
 */
function sharedCache(phase: string): Partial<NextConfig> {
  if (phase !== PHASE_PRODUCTION_SERVER || !process.env.REDIS_URL?.trim()) return {};
  return {
    cacheHandler: path.join(process.cwd(), "lib/cache/redis-cache-handler.mjs"),
    // No copy in each process's memory besides Redis: it would outlive another's revalidation.
    cacheMaxMemorySize: 0,
  };
}

export default function config(phase: string): NextConfig {
  return withNextIntl({ ...nextConfig, ...sharedCache(phase) });
}
