import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DefaultLayout } from "@/components/layout/default-layout";
import { FramedUnlessInsideLayout } from "@/components/layout/layout-presence";
import { NotFoundView } from "@/components/layout/not-found-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notFound");
  return { title: t("title"), robots: { index: false } };
}

/**
 * The 404 page (spec §2: 'Page not found'), in the default layout (top bar, drawer, <main>,
 * footer). Unknown URLs reach it through Next's `/_not-found`, rendered on the server (the
 * proxy logs them: lib/routes/unmatched-route.ts). A page's own `notFound()` shows it too,
 * drawn by the browser inside that page's layout (vercel/next.js#62228), so there it leaves
 * the layout out (FramedUnlessInsideLayout).
 */
export default function NotFound() {
  return (
    <FramedUnlessInsideLayout
      framed={
        <DefaultLayout>
          <NotFoundView />
        </DefaultLayout>
      }
      bare={<NotFoundView />}
    />
  );
}
