import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorView } from "@/components/layout/error-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors");
  return { title: t("title"), robots: { index: false } };
}

/**
 * `/error` (spec §2, a public page): the generic error page, the same view as the error
 * boundaries show, heading Error and a way home. Not indexed: there is nothing to find.
 */
export default async function ErrorPage() {
  const t = await getTranslations("errors");
  return <ErrorView title={t("title")} homeLabel={t("home")} />;
}
