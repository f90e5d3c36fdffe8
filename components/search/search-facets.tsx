import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Icon } from "@/components/ui/icon";
import type { SearchFacets as Facets } from "@/lib/listings/search";
import { searchHref, searchRadiiKm, type ListingSearchState } from "@/lib/listings/search-params";
import { cn } from "@/lib/utils/cn";

type Option = { key: string; label: string; count: string | null; href: string; selected: boolean };

function FacetGroup({
  id,
  title,
  note,
  options,
}: {
  id: string;
  title: string;
  note?: string;
  options: Option[];
}) {
  if (options.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      <ul className="flex flex-col">
        {options.map((option) => (
          <li key={option.key}>
            <Link
              href={option.href}
              aria-current={option.selected ? "true" : undefined}
              className={cn(
                "flex min-h-9 items-center gap-2 rounded-card px-2 py-1 text-sm hover:bg-surface-2",
                option.selected && "bg-surface-2 font-semibold text-primary-text",
              )}
            >
              <span className="flex size-4 shrink-0 items-center justify-center" aria-hidden>
                {option.selected ? <Icon name="check" className="size-4" /> : null}
              </span>
              <span className="min-w-0 flex-1 break-words">{option.label}</span>
              {option.count !== null ? (
                <span className="text-xs text-muted-foreground">{option.count}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The facets of a search, as links (no JavaScript needed): type, category, price band and
 * rating, each counted over the results of every other filter; the distance near me. A
 * chosen value is marked (aria-current) and following it again removes it.
 */
export async function SearchFacets({
  state,
  facets,
}: {
  state: ListingSearchState;
  facets: Facets;
}) {
  const [t, tAll, format] = await Promise.all([
    getTranslations("search"),
    getTranslations(),
    getFormatter(),
  ]);
  const link = (patch: Partial<ListingSearchState>) => searchHref({ ...state, page: 1, ...patch });
  const count = (n: number) => format.number(n);
  const categoryLabel = (category: string) => {
    for (const key of [
      `storefront.categories.${category}.title`,
      `quickAccess.items.${category}.title`,
    ]) {
      if (tAll.has(key as never)) return tAll(key as never);
    }
    return category.replace(/-/g, " ");
  };

  const kinds: Option[] = facets.kinds.map(({ value, count: n }) => ({
    key: value,
    label: t(`kinds.${value}`),
    count: count(n),
    href: link({ kind: state.kind === value ? null : value }),
    selected: state.kind === value,
  }));
  const categories: Option[] = facets.categories.slice(0, 12).map(({ value, count: n }) => ({
    key: value,
    label: categoryLabel(value),
    count: count(n),
    href: link({ category: state.category === value ? null : value }),
    selected: state.category === value,
  }));
  const prices: Option[] = facets.prices
    .map(({ min, max, count: n }) => {
      const selected = state.min === min && state.max === max;
      return {
        key: `${min}-${max ?? ""}`,
        label:
          max === null
            ? t("facets.priceFrom", { min: format.number(min) })
            : t("facets.priceBand", { min: format.number(min), max: format.number(max) }),
        count: count(n),
        href: selected ? link({ min: null, max: null }) : link({ min, max }),
        selected,
        n,
      };
    })
    .filter((option) => option.n > 0 || option.selected)
    .map(({ n: _n, ...option }) => option);
  const ratings: Option[] = facets.ratings
    .filter(({ stars, count: n }) => n > 0 || state.rating === stars)
    .map(({ stars, count: n }) => ({
      key: String(stars),
      label: t("facets.ratingAtLeast", { stars }),
      count: count(n),
      href: link({ rating: state.rating === stars ? null : stars }),
      selected: state.rating === stars,
    }));
  const distances: Option[] = state.near
    ? [
        ...searchRadiiKm.map((radius) => ({
          key: String(radius),
          label: t("near.radiusOption", { radius }),
          count: null,
          href: link({ near: state.near ? { ...state.near, radiusKm: radius } : null }),
          selected: state.near?.radiusKm === radius,
        })),
        {
          key: "anywhere",
          label: t("near.anywhere"),
          count: null,
          href: link({ near: null, sort: state.sort === "distance" ? undefined : state.sort }),
          selected: false,
        },
      ]
    : [];
  const filtered =
    state.kind !== null ||
    state.category !== null ||
    state.min !== null ||
    state.max !== null ||
    state.rating !== null;

  return (
    <aside aria-labelledby="search-facets" className="flex min-w-0 flex-col gap-5">
      <h2 id="search-facets" className="text-lg font-semibold">
        {t("facets.title")}
      </h2>
      <FacetGroup id="facet-distance" title={t("near.radius")} options={distances} />
      <FacetGroup id="facet-kind" title={t("facets.kind")} options={kinds} />
      <FacetGroup id="facet-category" title={t("facets.category")} options={categories} />
      <FacetGroup
        id="facet-price"
        title={t("facets.price")}
        note={t("facets.priceNote")}
        options={prices}
      />
      <FacetGroup id="facet-rating" title={t("facets.rating")} options={ratings} />
      {filtered ? (
        <Link
          href={searchHref({ q: state.q, near: state.near })}
          className="text-sm font-medium text-primary-text underline underline-offset-4"
        >
          {t("facets.clearAll")}
        </Link>
      ) : null}
    </aside>
  );
}
