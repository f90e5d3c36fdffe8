import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ContentPage } from "@/components/content/content-page";
import { buttonVariants } from "@/components/ui/button";
import { pageMetadata } from "@/lib/seo/metadata";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

const SECTIONS = ["people", "organisations", "trust", "open"] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("about");
  return pageMetadata({ path: "/about", title: t("metaTitle"), description: t("metaDescription") });
}

export default async function AboutPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("about");
  const sections = SECTIONS.map((id) => ({
    id,
    title: t(`sections.${id}.title`),
    body: t(`sections.${id}.body`),
  }));
  return (
    <ContentPage title={t("title")} intro={t("intro")} sections={sections}>
      <h2 className="mb-4 text-xl font-semibold">{t("links.title")}</h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Link href="/docs" className={buttonVariants({ variant: "primary" })}>
          {t("links.docs")}
        </Link>
        <Link href="/partners" className={buttonVariants({ variant: "outline" })}>
          {t("links.partners")}
        </Link>
        <Link href="/contact" className={buttonVariants({ variant: "outline" })}>
          {t("links.contact")}
        </Link>
      </div>
    </ContentPage>
  );
}
