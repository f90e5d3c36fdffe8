import type { Metadata } from "next";
import Link from "next/link";
import { PageLinks } from "@/components/ui/page-links";
import { getFormatter, getTranslations } from "next-intl/server";
import { Breadcrumbs } from "@/components/storefront/breadcrumbs";
import { firstGridPicturePriority, ProductCardView } from "@/components/storefront/product-card";
import { ProductFilters } from "@/components/storefront/product-filters";
import { buttonVariants } from "@/components/ui/button";
import { productCategories } from "@/lib/commerce/catalogue-types";
import { cachedProductFacets, cachedProductSearch } from "@/lib/listings/public-products";
import {
  productSearchQuery,
  productSorts,
  type ProductSearchState,
} from "@/lib/listings/product-search-params";
import { pageMetadata } from "@/lib/seo/metadata";

export async function productLandingMetadata(state: ProductSearchState): Promise<Metadata> {
  const t = await getTranslations("storefront");
  const title = state.category ? t(`categories.${state.category}.title`) : t("products.title");
  const description = state.category
    ? t(`categories.${state.category}.intro`)
    : t("products.intro");
  // The canonical page of a category is its first page without filters.
  return pageMetadata({
    path: `/commerce/product${state.category ? `?${productSearchQuery({ category: state.category })}` : ""}`,
    title,
    description,
  });
}

/**
 * /commerce/product?category=…: a category's landing page (title, introduction, its top
 * brands and featured products) over the results, which the filters (brand, price, rating,
 * stock, typed attributes), the sort and the page narrow, all in the URL. The filter form is
 * a GET form: it works without JavaScript, and with it `next/form` navigates in place.
 * A category's first page without filters is cached at run time
 * (`commerce/cached/[view]`, lib/routes/cached-pages.ts); any other state renders per request
 * (`commerce/product`).
 */
export async function ProductLanding({ state }: { state: ProductSearchState }) {
  const [t, format, results, facets] = await Promise.all([
    getTranslations("storefront"),
    getFormatter(),
    cachedProductSearch(state),
    cachedProductFacets(state),
  ]);
  const filtered =
    state.brands.length > 0 ||
    state.min !== null ||
    state.max !== null ||
    state.rating !== null ||
    state.inStock ||
    state.attrs.length > 0;
  const featured =
    state.category && !filtered && state.page === 1 && state.sort === "relevance"
      ? (await cachedProductSearch({ ...state, sort: "rating" })).items
          .filter((p) => p.ratingCount > 0)
          .slice(0, 4)
      : [];
  const title = state.category ? t(`categories.${state.category}.title`) : t("products.title");
  const link = (patch: Partial<ProductSearchState>) =>
    `/commerce/product?${productSearchQuery({ ...state, page: 1, ...patch })}`;
  const isChecked = (name: string, value: string) =>
    state.attrs.some((a) => a.name.toLowerCase() === name.toLowerCase() && a.value === value);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10">
      <Breadcrumbs
        crumbs={[
          { label: t("commerce.home"), href: "/" },
          { label: t("commerce.title"), href: "/commerce" },
          { label: t("products.title"), href: "/commerce/product" },
          ...(state.category
            ? [
                {
                  label: title,
                  href: `/commerce/product?${productSearchQuery({ category: state.category })}`,
                },
              ]
            : []),
        ]}
      />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-primary-text">{title}</h1>
        <p className="max-w-3xl text-muted-foreground">
          {state.category ? t(`categories.${state.category}.intro`) : t("products.intro")}
        </p>
      </header>
      {state.category ? null : (
        <nav aria-label={t("products.categoriesLabel")} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {productCategories.map((category) => (
              <li key={category}>
                <Link
                  href={link({ category })}
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  {t(`categories.${category}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {facets.brands.length > 0 && state.category && !filtered ? (
        <section aria-labelledby="top-brands" className="mt-6">
          <h2 id="top-brands" className="mb-2 text-lg font-semibold">
            {t("landing.topBrands")}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {facets.brands.slice(0, 8).map((brand) => (
              <li key={brand.id}>
                <Link
                  href={link({ brands: [brand.id] })}
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  {brand.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {featured.length > 0 ? (
        <section aria-labelledby="featured" className="mt-8">
          <h2 id="featured" className="mb-3 text-lg font-semibold">
            {t("landing.featured")}
          </h2>
          <ul className="sf-grid">
            {featured.map((product, index) => (
              <li key={product.id} className="flex">
                <ProductCardView
                  product={product}
                  picturePriority={firstGridPicturePriority(index)}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-8 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <ProductFilters
          category={state.category}
          texts={{
            label: t("filters.label"),
            title: t("filters.title"),
            sort: t("filters.sort"),
            price: t("filters.price"),
            min: t("filters.min"),
            max: t("filters.max"),
            brand: t("filters.brand"),
            rating: t("filters.rating"),
            inStock: t("filters.inStock"),
            apply: t("filters.apply"),
            clear: t("filters.clear"),
          }}
          sort={{
            value: state.sort,
            options: productSorts.map((sort) => ({ value: sort, label: t(`sorts.${sort}`) })),
          }}
          price={{
            min: state.min === null ? "" : String(state.min),
            max: state.max === null ? "" : String(state.max),
          }}
          brands={facets.brands.slice(0, 12).map((brand) => ({
            value: brand.id,
            label: brand.name,
            count: format.number(brand.count),
            checked: state.brands.includes(brand.id),
          }))}
          attributes={facets.attributes.map((attribute) => ({
            name: attribute.name,
            choices: attribute.values.map(({ value, count }) => ({
              value: `${attribute.name}:${value}`,
              label:
                attribute.type === "boolean"
                  ? t(value === "true" ? "filters.yes" : "filters.no")
                  : value,
              count: format.number(count),
              checked: isChecked(attribute.name, value),
              ...(attribute.type === "colour" ? { swatch: value } : {}),
            })),
          }))}
          rating={{
            value: state.rating === null ? "" : String(state.rating),
            options: [
              { value: "", label: t("filters.anyRating") },
              ...[4, 3, 2].map((stars) => ({
                value: String(stars),
                label: t("filters.ratingAtLeast", { stars }),
              })),
            ],
          }}
          inStock={state.inStock}
          clearHref={
            filtered || state.sort !== "relevance"
              ? `/commerce/product${state.category ? `?${productSearchQuery({ category: state.category })}` : ""}`
              : null
          }
        />
        <section aria-labelledby="results" className="min-w-0">
          <h2 id="results" className="mb-3 text-lg font-semibold" aria-live="polite">
            {t("results.count", { count: results.total, formatted: format.number(results.total) })}
          </h2>
          {results.items.length === 0 ? (
            <div className="rounded-card border border-border p-6">
              <p className="font-medium">{t("results.emptyTitle")}</p>
              <p className="mt-1 text-sm text-muted-foreground">{t("results.emptyBody")}</p>
            </div>
          ) : (
            <ul className="sf-grid">
              {results.items.map((product, index) => (
                <li key={product.id} className="flex">
                  <ProductCardView
                    product={product}
                    picturePriority={featured.length > 0 ? "lazy" : firstGridPicturePriority(index)}
                  />
                </li>
              ))}
            </ul>
          )}
          <PageLinks
            page={results.page}
            pages={results.pages}
            href={(n) => `/commerce/product?${productSearchQuery({ ...state, page: n })}`}
            labels={{
              navigation: t("results.pagination"),
              previous: t("results.previous"),
              next: t("results.next"),
              position: t("results.page", { page: results.page, pages: results.pages }),
            }}
          />
        </section>
      </div>
    </div>
  );
}
