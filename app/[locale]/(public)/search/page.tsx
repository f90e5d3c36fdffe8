import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CategoryMatches } from "@/components/search/category-matches";
import { SearchHeader } from "@/components/search/search-header";
import { SearchResultsSection } from "@/components/search/search-results-section";
import { EmptyState } from "@/components/ui/empty-state";
import { hasSearchCriteria, parseListingSearch } from "@/lib/listings/search-params";
import { pageMetadata } from "@/lib/seo/metadata";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const state = parseListingSearch(await searchParams);
  const t = await getTranslations("search.meta");
  const metadata = pageMetadata({
    path: "/search",
    title: state.q ? t("titleWithQuery", { query: state.q }) : t("title"),
    description: t("description"),
  });
  // Result pages are endless variations of one page: crawlers follow them, never index them.
  return hasSearchCriteria(state)
    ? { ...metadata, robots: { index: false, follow: true } }
    : metadata;
}

/**
 * /search?q=…&kind=…&category=…&min=…&max=…&rating=…&lat=…&lng=…&r=…&sort=…&page=… (issue 11
 * §3): the search box, the categories the words name, then the listing results (streamed
 * when they take time: components/search/search-results-section.tsx).
 */
export default async function SearchPage({ searchParams }: Props) {
  const state = parseListingSearch(await searchParams);
  const t = await getTranslations("search");
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10">
      <SearchHeader state={state} />
      <CategoryMatches q={state.q} />
      {hasSearchCriteria(state) ? (
        <SearchResultsSection state={state} />
      ) : (
        <EmptyState className="mt-6" title={t("start.title")} description={t("start.body")} />
      )}
    </div>
  );
}
