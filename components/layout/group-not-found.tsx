import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundView } from "./not-found-view";

/**
 * The 404's title. It has no params: it waits for the layouts' metadata, whose root layout
 * registers the page's locale (pageLocale), so the translation reads no request. Otherwise a
 * page cached at run time whose render ends in notFound() (an unpublished product) would read
 * the request's headers and fail ("changed from static to dynamic at runtime").
 */
export async function notFoundMetadata(
  _props: unknown,
  parent: ResolvingMetadata,
): Promise<Metadata> {
  await parent;
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
