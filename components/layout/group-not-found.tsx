import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundView } from "./not-found-view";

export async function notFoundMetadata(): Promise<Metadata> {
  const t = await getTranslations("notFound");
  return { title: t("title"), robots: { index: false } };
}

/**
 * What a page's `notFound()` shows (a refused door, an unknown id or slug): the 404 view
 * inside the page's own group layout, so the top bar and <main> stay. Each route group has a
 * not-found.tsx that renders this, so the boundary sits inside the group's layout (a boundary
 * at app/[locale] would replace the layout, and its element travels in every page's payload).
 * URLs that match no page get app/global-not-found.tsx.
 */
export function GroupNotFound() {
  return <NotFoundView />;
}
