import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { MarkdownArticle } from "@/components/docs/markdown-article";
import { ServerIcon } from "@/components/ui/server-icon";
import { getDoc } from "@/lib/docs/docs";
import { pageMetadata } from "@/lib/seo/metadata";

interface DocPageProps {
  params: Promise<{ slug: string }>;
}

async function loadDoc({ params }: DocPageProps) {
  const [{ slug }, locale] = await Promise.all([params, getLocale()]);
  const doc = await getDoc(slug, locale);
  if (!doc) notFound();
  return { doc, locale };
}

export async function generateMetadata(props: DocPageProps): Promise<Metadata> {
  const { doc } = await loadDoc(props);
  return pageMetadata({ path: `/docs/${doc.slug}`, title: doc.title, description: doc.summary });
}

export default async function DocPage(props: DocPageProps) {
  const [{ doc, locale }, t] = await Promise.all([loadDoc(props), getTranslations("docs")]);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <Link
        href="/docs"
        className="mb-6 inline-flex items-center gap-2 text-sm text-primary-text underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ServerIcon name="arrow-left" className="size-4" />
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
