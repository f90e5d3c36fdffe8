import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { TryAgainButton } from "@/components/versions/try-again-button";
import { buttonVariants } from "@/components/ui/button";
import { pageMetadata } from "@/lib/seo/metadata";
import { type LocaleParams, pageLocale } from "@/lib/i18n/page-locale";

/** Prerendered per locale; any other segment is a 404 (app/global-not-found.tsx). */
export const dynamicParams = false;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("platform.offline");
  return {
    ...pageMetadata({ path: "/offline", title: t("metaTitle"), description: t("metaDescription") }),
    robots: { index: false, follow: false },
  };
}

/** Served by the service worker when a navigation fails offline (public/service-worker.js). */
export default async function OfflinePage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("platform.offline");
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-start gap-4 px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold sm:text-3xl">{t("title")}</h1>
      <p className="text-muted-foreground">{t("body")}</p>
      <div className="flex flex-wrap gap-3">
        <TryAgainButton label={t("tryAgain")} />
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          {t("home")}
        </Link>
      </div>
    </div>
  );
}
