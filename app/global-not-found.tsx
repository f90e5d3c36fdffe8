import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { DefaultLayout } from "@/components/layout/default-layout";
import { NotFoundView } from "@/components/layout/not-found-view";
import { RootDocument } from "@/components/layout/root-document";
import { defaultLocale, isLocale } from "@/lib/i18n/config";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const [t, common] = await Promise.all([getTranslations("notFound"), getTranslations("common")]);
  // No root layout's title template applies here: the same title the pages' template gives.
  return { title: `${t("title")} · ${common("appName")}`, robots: { index: false } };
}

/**
 * The 404 page for URLs that match no page (spec §2: 'Page not found'), rendered on the
 * server with status 404, in the visitor's locale (the proxy's rewrite header, else the
 * cookie or Accept-Language: lib/i18n/request.ts) and the default layout; the proxy logs the
 * path (lib/routes/unmatched-route.ts). There is no root layout above app/[locale], so Next
 * renders this document itself (`experimental.globalNotFound`). It reads the request, so no
 * prerendered route may fall through to it: those refuse unknown parameters
 * (`dynamicParams = false`). A page's own `notFound()` shows its group's not-found.tsx.
 */
export default async function GlobalNotFound() {
  const requested = await getLocale();
  const locale = isLocale(requested) ? requested : defaultLocale;
  return (
    <RootDocument locale={locale}>
      <DefaultLayout>
        <NotFoundView />
      </DefaultLayout>
    </RootDocument>
  );
}
