import type { NextConfig } from "next";
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

const nextConfig: NextConfig = {
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
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "nodemailer"],
  experimental: {
    // The largest form's limit; the proxy refuses a bigger action body first, and each form's
    // own limit, with 413 (lib/security/action-body-limits.ts). Files go to route handlers.
    serverActions: { bodySizeLimit: MAX_ACTION_BODY_BYTES },
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default withNextIntl(nextConfig);
