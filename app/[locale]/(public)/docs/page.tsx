import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { DocsIndex } from "@/components/docs/docs-index";
import { listDocs } from "@/lib/docs/docs";
import { pageMetadata } from "@/lib/seo/metadata";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("docs");
  return pageMetadata({ path: "/docs", title: t("metaTitle"), description: t("metaDescription") });
}

export default async function DocsIndexPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const [t, locale] = await Promise.all([getTranslations("docs"), getLocale()]);
  const docs = await listDocs(locale);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14 xl:max-w-4xl">
      <header className="mb-8 flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-primary-text sm:text-4xl">
          {t("title")}
        </h1>
        <p className="text-lg leading-relaxed text-muted-foreground">{t("intro")}</p>
      </header>
      <DocsIndex docs={docs} label={t("articlesLabel")} emptyText={t("empty")} />
    </div>
  );
}
