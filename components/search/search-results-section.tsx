import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { cachedSearchListings, type ListingSearchResult } from "@/lib/listings/search";
import {
  listingSearchQuery,
  searchHref,
  type ListingSearchState,
} from "@/lib/listings/search-params";
import { ResultsErrorBoundary } from "./results-error-boundary";
import { SearchResults } from "./search-results";
import { SearchResultsSkeleton } from "./search-results-skeleton";

/**
 * How long the page waits for the results before it streams them instead. A streamed part is
 * revealed by an inline script, which a browser without JavaScript never runs: results that
 * arrive within this time (nearly all: the database answers in tens of milliseconds and
 * repeated searches come from the cache) are part of the HTML itself; slower ones stream in
 * behind a skeleton, which without JavaScript offers to load the page again (from the cache).
 */
const STREAM_AFTER_MS = 300;

function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise.catch(() => null), timeout]).finally(() => clearTimeout(timer));
}

export async function SearchResultsSection({ state }: { state: ListingSearchState }) {
  const pending: Promise<ListingSearchResult> = cachedSearchListings(state);
  const [t, early] = await Promise.all([
    getTranslations("search.results"),
    settledWithin(pending, STREAM_AFTER_MS),
  ]);
  return (
    <ResultsErrorBoundary message={t("error")}>
      {early ? (
        <SearchResults state={state} result={early} />
      ) : (
        <Suspense
          key={listingSearchQuery(state)}
          fallback={
            <SearchResultsSkeleton
              label={t("loading")}
              reload={{ href: searchHref(state), text: t("reload") }}
            />
          }
        >
          <SearchResults state={state} result={pending} />
        </Suspense>
      )}
    </ResultsErrorBoundary>
  );
}
