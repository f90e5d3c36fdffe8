import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LinkButtons } from "@/components/content/link-buttons";
import { pageMetadata } from "@/lib/seo/metadata";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("linkpage");
  return pageMetadata({
    path: "/linkpage",
    title: t("metaTitle"),
    description: t("metaDescription"),
  });
}

export default async function LinkPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const [t, common] = await Promise.all([getTranslations("linkpage"), getTranslations("common")]);
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center gap-8 px-4 py-12 text-center">
      {/* eslint-disable-next-line @next/next/no-img-element -- a small static SVG logo */}
      <img
        src="/icons/icon.svg"
        alt={t("logoAlt")}
        width={96}
        height={96}
        className="size-24 rounded-card"
      />
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold text-primary-text">{common("appName")}</h1>
        <p className="text-lg text-muted-foreground">{t("tagline")}</p>
      </div>
      <LinkButtons
        label={t("navLabel")}
        links={[
          { href: "/", label: t("links.hub"), icon: "hub" },
          { href: "/docs", label: t("links.docs"), icon: "docs" },
          { href: "/partners", label: t("links.partners"), icon: "partners" },
          { href: "/contact", label: t("links.contact"), icon: "contact" },
        ]}
      />
    </div>
  );
}
