import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundView } from "@/components/layout/not-found-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notFound");
  return { title: t("title"), robots: { index: false } };
}

/**
 * The 404 page (spec §2: 'Page not found'). Unknown URLs reach it through
 * app/(public)/[...catchAll], so it renders inside the default layout.
 */
export default function NotFound() {
  return <NotFoundView />;
}
