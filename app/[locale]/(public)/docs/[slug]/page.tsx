import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { MarkdownArticle } from "@/components/docs/markdown-article";
import { Icon } from "@/components/ui/icon";
import { getDoc, listDocs } from "@/lib/docs/docs";
import { defaultLocale, isLocale } from "@/lib/i18n/config";
import { pageLocale } from "@/lib/i18n/page-locale";
import { pageMetadata } from "@/lib/seo/metadata";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

interface DocPageProps {
  params: Promise<{ locale: string; slug: string }>;
}

/** Every article in both locales is prerendered (a locale without its own text falls back). */
export async function generateStaticParams({ params }: { params: { locale: string } }) {
  const locale = isLocale(params.locale) ? params.locale : defaultLocale;
  return (await listDocs(locale)).map((doc) => ({ slug: doc.slug }));
}

async function loadDoc({ params }: DocPageProps) {
  // The locale first: the translations below must not read the request (prerendering).
  const locale = await pageLocale(params);
  const { slug } = await params;
  const doc = await getDoc(slug, locale);
  if (!doc) notFound();
  return { doc, locale };
}

export async function generateMetadata(props: DocPageProps): Promise<Metadata> {
  const { doc } = await loadDoc(props);
  return pageMetadata({ path: `/docs/${doc.slug}`, title: doc.title, description: doc.summary });
}

export default async function DocPage(props: DocPageProps) {
  const { doc, locale } = await loadDoc(props);
  const t = await getTranslations("docs");
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <Link
        href="/docs"
        className="mb-6 inline-flex items-center gap-2 text-sm text-primary-text underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Icon name="arrow-left" className="size-4" />
        {t("backToIndex")}
      </Link>
      <article lang={doc.locale}>
        <header className="mb-6 flex flex-col gap-3 border-b border-border pb-6">
          <h1 className="text-3xl font-bold tracking-tight text-primary-text sm:text-4xl">
            {doc.title}
          </h1>
          <p className="text-lg leading-relaxed text-muted-foreground">{doc.summary}</p>
          {doc.locale !== locale ? (
            <p lang={locale} role="note" className="rounded-card bg-surface-2 px-4 py-3 text-sm">
              {t("fallbackNotice")}
            </p>
          ) : null}
        </header>
        <MarkdownArticle source={doc.body} />
      </article>
    </div>
  );
}
