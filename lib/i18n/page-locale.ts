import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { defaultLocale, isLocale, type Locale } from "./config";

/** The `params` of every page and layout under app/[locale]. */
export type LocaleParams = Promise<{ locale: string }>;

/**
 * The locale of a page under app/[locale] (the segment the proxy rewrote to), registered for
 * next-intl so that the page renders without reading the request: a page or `generateMetadata`
 * that may be prerendered calls this first (layouts and pages render independently, so each
 * one does). An unknown segment (a request the proxy did not rewrite, such as a missing
 * /favicon.ico) is a 404, drawn in the default locale: the 404 must not read the request
 * either, since Next may be serving a prerendered route.
 */
export async function pageLocale(params: LocaleParams): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) {
    setRequestLocale(defaultLocale);
    notFound();
  }
  setRequestLocale(locale);
  return locale;
}
