import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorView } from "@/components/layout/error-view";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("errors");
  return { title: t("title"), robots: { index: false } };
}

/**
 * `/error` (spec §2, a public page): the generic error page, the same view as the error
 * boundaries show, heading Error and a way home. Not indexed: there is nothing to find.
 */
export default async function ErrorPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("errors");
  return <ErrorView title={t("title")} homeLabel={t("home")} />;
}
