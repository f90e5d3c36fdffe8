import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ContentPage } from "@/components/content/content-page";
import { buttonVariants } from "@/components/ui/button";
import { pageMetadata } from "@/lib/seo/metadata";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

const SECTIONS = ["reach", "modules", "tiers", "team", "payouts"] as const;
const STEPS = ["signIn", "register", "modules", "publish"] as const;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("partners");
  return pageMetadata({
    path: "/partners",
    title: t("metaTitle"),
    description: t("metaDescription"),
  });
}

export default async function PartnersPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("partners");
  const sections = SECTIONS.map((id) => ({
    id,
    title: t(`sections.${id}.title`),
    body: t(`sections.${id}.body`),
  }));
  return (
    <ContentPage title={t("title")} intro={t("intro")} sections={sections}>
      <section
        aria-labelledby="steps-title"
        className="rounded-card border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="steps-title" className="mb-4 text-xl font-semibold sm:text-2xl">
          {t("steps.title")}
        </h2>
        <ol className="mb-6 list-decimal space-y-2 pl-6">
          {STEPS.map((step) => (
            <li key={step} className="leading-relaxed">
              {t(`steps.${step}`)}
            </li>
          ))}
        </ol>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Link
            href="/docs/organisations-and-back-office"
            className={buttonVariants({ variant: "primary", size: "lg" })}
          >
            {t("cta.guide")}
          </Link>
          <Link href="/contact" className={buttonVariants({ variant: "outline", size: "lg" })}>
            {t("cta.contact")}
          </Link>
        </div>
      </section>
    </ContentPage>
  );
}
