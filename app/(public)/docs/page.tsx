import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { DocsIndex } from "@/components/docs/docs-index";
import { listDocs } from "@/lib/docs/docs";
import { pageMetadata } from "@/lib/seo/metadata";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("docs");
  return pageMetadata({ path: "/docs", title: t("metaTitle"), description: t("metaDescription") });
}

export default async function DocsIndexPage() {
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
