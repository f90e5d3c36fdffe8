import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Breadcrumbs } from "@/components/storefront/breadcrumbs";
import { categoryIcon } from "@/components/storefront/category-icon";
import { ProductCardView } from "@/components/storefront/product-card";
import { Icon } from "@/components/ui/icon";
import { productCategories } from "@/lib/commerce/catalogue-types";
import { cachedCategoryCounts, cachedProductSearch } from "@/lib/listings/public-products";
import { parseProductSearch, productSearchQuery } from "@/lib/listings/product-search-params";
import { pageMetadata } from "@/lib/seo/metadata";

export async function commerceIndexMetadata(): Promise<Metadata> {
  const t = await getTranslations("storefront.commerce");
  return pageMetadata({ path: "/commerce", title: t("metaTitle"), description: t("intro") });
}

/**
 * /commerce: the marketplace's shop window. The sections with published listings (only
 * products so far), the product categories with how many are on sale, and the newest.
 * Cached at run time (`commerce/cached/[view]`, lib/routes/cached-pages.ts).
 */
export async function CommerceIndex() {
  const [t, tc, format, counts, newest] = await Promise.all([
    getTranslations("storefront.commerce"),
    getTranslations("storefront.categories"),
    getFormatter(),
    cachedCategoryCounts(),
    cachedProductSearch({ ...parseProductSearch({}), sort: "newest" }),
  ]);
  const countOf = new Map(counts.map((c) => [c.category, c.count]));
  const categories = productCategories.filter((c) => (countOf.get(c) ?? 0) > 0);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10">
      <Breadcrumbs
        crumbs={[
          { label: t("home"), href: "/" },
          { label: t("title"), href: "/commerce" },
        ]}
      />
      <h1 className="text-3xl font-bold tracking-tight text-primary-text">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t("intro")}</p>
      {categories.length === 0 ? (
        <p className="mt-8 rounded-card border border-border p-6">{t("empty")}</p>
      ) : (
        <>
          <section aria-labelledby="commerce-products" className="mt-8">
            <h2 id="commerce-products" className="mb-3 text-xl font-semibold">
              <Link href="/commerce/product" className="underline-offset-4 hover:underline">
                {t("products")}
              </Link>
            </h2>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {categories.map((category) => (
                <li key={category}>
                  <Link
                    href={`/commerce/product?${productSearchQuery({ category })}`}
                    className="flex items-center gap-3 rounded-card border border-border bg-surface p-3 hover:border-primary"
                  >
                    <Icon
                      name={categoryIcon(category)}
                      className="size-5 shrink-0 text-primary-text"
                    />
                    <span className="flex min-w-0 flex-col">
                      <span className="font-medium">{tc(`${category}.title`)}</span>
                      <span className="text-xs text-muted-foreground">
                        {t("count", {
                          count: countOf.get(category) ?? 0,
                          formatted: format.number(countOf.get(category) ?? 0),
                        })}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="commerce-newest" className="mt-10">
            <h2 id="commerce-newest" className="mb-3 text-xl font-semibold">
              {t("newest")}
            </h2>
            <ul className="sf-grid">
              {newest.items.slice(0, 8).map((product) => (
                <li key={product.id} className="flex">
                  <ProductCardView product={product} />
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
