import { locales } from "./config";

const localePrefix = new RegExp(`^/(?:${locales.join("|")})(?=/|$)`);

/**
 * A pathname without the `[locale]` segment the proxy rewrote it to: `/en/about` → `/about`,
 * `/es` → `/`. Public URLs never start with a locale (such a URL is a 404:
 * lib/i18n/locale-rewrite.ts), so a path that does comes from the rewrite.
 */
export function publicPathname(pathname: string): string {
  return pathname.replace(localePrefix, "") || "/";
}
