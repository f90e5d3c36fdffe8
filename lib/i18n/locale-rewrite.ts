import { localeCookie, type Locale } from "./config";
import { negotiateLocale } from "./negotiate";

/**
 * The request header next-intl reads the locale of a dynamic render from (its
 * `HEADER_LOCALE_NAME`); the proxy sets it with the rewrite, so `getLocale()` in a page that
 * renders per request agrees with the `[locale]` segment it was rewritten to.
 */
export const LOCALE_HEADER = "x-next-intl-locale";

/**
 * Paths that are not pages under app/[locale]: route handlers (`/api`, the auth service at
 * `/auth/v1`, `/builds/latest.json`), the metadata files and sitemaps, Next's own files, and the bench's
 * minimal page (its own root layout). Everything else is a page, rewritten to its locale.
 */
const notAPage =
  /^\/(?:api|auth\/v1|builds|_next|dev\/minimal|sitemaps)(?:\/|$)|^\/(?:robots\.txt|sitemap\.xml|manifest\.webmanifest|icon\.svg|favicon\.ico)$/;

export function isLocalisedPage(pathname: string): boolean {
  return !notAPage.test(pathname);
}

/**
 * The page a public URL is served by: `/{locale}{path}` (next-intl's `localePrefix: 'never'`),
 * the locale from the NEXT_LOCALE cookie, else Accept-Language, else the default. The URL in
 * the address bar keeps no locale (spec §2). A URL that already starts with a locale is not
 * special: `/en/about` becomes `/en/en/about`, a 404, so each page has exactly one address.
 */
export function localeRewrite(
  pathname: string,
  cookies: { get(name: string): { value: string } | undefined },
  acceptLanguage: string | null,
): { locale: Locale; pathname: string } {
  const locale = negotiateLocale(cookies.get(localeCookie)?.value, acceptLanguage);
  return { locale, pathname: pathname === "/" ? `/${locale}` : `/${locale}${pathname}` };
}
