import type { Metadata, Viewport } from "next";
import { getTranslations } from "next-intl/server";
import { type ReactNode } from "react";
import { RootDocument } from "@/components/layout/root-document";
import { env } from "@/lib/env";
import { locales } from "@/lib/i18n/config";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";
import "../globals.css";

type Props = { children: ReactNode; params: LocaleParams };

/**
 * The root layout. The URLs have no locale (spec §2): the proxy rewrites each page request
 * to `/{locale}/…` from the NEXT_LOCALE cookie or Accept-Language (lib/i18n/locale-rewrite.ts),
 * so the public pages are prerendered once per locale and served from the cache
 * (docs/architecture.md, "Public pages are cached").
 */
export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "common" });
  return {
    metadataBase: new URL(env().SITE_URL),
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
  };
}

export const viewport: Viewport = {
  themeColor: "#0d1b2a",
  width: "device-width",
  initialScale: 1,
};

export default async function RootLayout({ children, params }: Props) {
  const locale = await pageLocale(params);
  return <RootDocument locale={locale}>{children}</RootDocument>;
}
