import Form from "next/form";
import Link from "next/link";
import { PageLinks } from "@/components/ui/page-links";
import { getFormatter, getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { ListingSearchResult } from "@/lib/listings/search";
import {
  listingSearchQuery,
  searchHref,
  searchRadiiKm,
  searchSorts,
  type ListingSearchState,
} from "@/lib/listings/search-params";
import { SearchFacets } from "./search-facets";
import { SearchResultCardView } from "./search-result-card";

/** The hidden fields that keep a state's filters when the sort form is sent. */
function KeptFields({ state }: { state: ListingSearchState }) {
  const kept = new URLSearchParams(listingSearchQuery({ ...state, sort: undefined, page: 1 }));
  return [...kept.entries()].map(([name, value]) => (
    <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
  ));
}

/**
 * The results part of the search page: facets, the result count, notices (corrected or close
 * matches), the cards, pagination; the empty states with "did you mean" suggestions.
 */
export async function SearchResults({
  state,
  result,
}: {
  state: ListingSearchState;
  result: ListingSearchResult | Promise<ListingSearchResult>;
}) {
  const [t, format, resolved] = await Promise.all([
    getTranslations("search"),
    getFormatter(),
    result,
  ]);
  return <Results state={state} result={resolved} t={t} format={format} />;
}

function Results({
  state,
  result,
  t,
  format,
}: {
  state: ListingSearchState;
  result: ListingSearchResult;
  t: Awaited<ReturnType<typeof getTranslations<"search">>>;
  format: Awaited<ReturnType<typeof getFormatter>>;
}) {
  const sorts = searchSorts.filter(
    (sort) => (sort !== "distance" || state.near) && (sort !== "relevance" || state.q),
  );
  const pageHref = (page: number) => searchHref({ ...state, page });
  const widestRadius = searchRadiiKm[searchRadiiKm.length - 1] ?? 250;
  const onlyNear =
    state.near !== null &&
    state.kind === null &&
    state.category === null &&
    state.min === null &&
    state.max === null &&
    state.rating === null;

  if (state.q && result.matched === 0) {
    return (
      <EmptyState
        className="mt-6"
        title={t("results.emptyTitle", { query: state.q })}
        description={t("results.emptyBody")}
      >
        {result.suggestions.length > 0 ? (
          <div className="flex flex-col items-center gap-2" data-testid="search-suggestions">
            <p className="text-sm font-medium">{t("results.didYouMean")}</p>
            <ul className="flex flex-wrap justify-center gap-2">
              {result.suggestions.map((suggestion) => (
                <li key={suggestion}>
                  <Link
                    href={searchHref({ ...state, q: suggestion, page: 1 })}
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                  >
                    {suggestion}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </EmptyState>
    );
  }

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <SearchFacets state={state} facets={result.facets} />
      <section aria-labelledby="search-results" className="min-w-0">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2
            id="search-results"
            className="min-w-0 text-lg font-semibold break-words"
            aria-live="polite"
          >
            {t("results.count", { count: result.total, formatted: format.number(result.total) })}
            {state.q
              ? ` ${t("results.forQuery", { query: result.correctedQuery ?? state.q })}`
              : ""}
          </h2>
          {result.total > 1 ? (
            <Form action="/search" className="flex items-end gap-2">
              <KeptFields state={state} />
              <div className="flex flex-col gap-1">
                <label htmlFor="search-sort" className="text-sm font-medium">
                  {t("facets.sort")}
                </label>
                <select
                  id="search-sort"
                  name="sort"
                  defaultValue={state.sort}
                  className="field-control h-10"
                >
                  {sorts.map((sort) => (
                    <option key={sort} value={sort}>
                      {t(`sorts.${sort}`)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonVariants({ variant: "outline" })}>
                {t("facets.apply")}
              </button>
            </Form>
          ) : null}
        </div>
        {result.correctedQuery ? (
          <p className="mb-3 text-sm break-words" data-testid="search-corrected">
            {t("results.corrected", { query: state.q, corrected: result.correctedQuery })}
          </p>
        ) : result.approximate ? (
          <p className="mb-3 text-sm break-words" data-testid="search-approximate">
            {t("results.approximate", { query: state.q })}
          </p>
        ) : null}
        {result.items.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            title={
              onlyNear && state.near
                ? t("results.nothingNearTitle", { radius: state.near.radiusKm })
                : t("results.filteredEmptyTitle")
            }
            description={t("results.filteredEmptyBody")}
          >
            {state.near && state.near.radiusKm < widestRadius ? (
              <Link
                href={searchHref({
                  ...state,
                  page: 1,
                  near: { ...state.near, radiusKm: widestRadius },
                })}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                {t("near.active", { radius: widestRadius })}
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <ul className="sf-grid" data-testid="search-results">
            {result.items.map((item) => (
              <li key={item.id} className="flex">
                <SearchResultCardView item={item} />
              </li>
            ))}
          </ul>
        )}
        <PageLinks
          page={result.page}
          pages={result.pages}
          href={pageHref}
          labels={{
            navigation: t("results.pagination"),
            previous: t("results.previous"),
            next: t("results.next"),
            position: t("results.page", { page: result.page, pages: result.pages }),
          }}
        />
      </section>
    </div>
  );
}
