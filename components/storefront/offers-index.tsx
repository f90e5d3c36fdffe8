import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Breadcrumbs } from "@/components/storefront/breadcrumbs";
import { firstGridPicturePriority, ProductCardView } from "@/components/storefront/product-card";
import { groupOffers } from "@/lib/commerce/offer-groups";
import { cachedRunningOfferCards } from "@/lib/commerce/offers-public";
import { pageMetadata } from "@/lib/seo/metadata";

export async function offersIndexMetadata(): Promise<Metadata> {
  const t = await getTranslations("storefront.offers");
  return pageMetadata({ path: "/commerce/offer", title: t("metaTitle"), description: t("intro") });
}

/**
 * /commerce/offer: the running offers of published products, grouped as the spec's Quick
 * Access groups them (Shopping, Travel: lib/commerce/offer-groups.ts); a group with nothing is
 * left out, and a note says when nothing runs. Each card links to the product's page. Cached at
 * run time (`commerce/cached/[view]`, view `offers`) for a minute at most.
 */
export async function OffersIndex() {
  const [t, cards] = await Promise.all([
    getTranslations("storefront.offers"),
    cachedRunningOfferCards(),
  ]);
  const groups = groupOffers(cards);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10">
      <Breadcrumbs
        crumbs={[
          { label: t("home"), href: "/" },
          { label: t("commerce"), href: "/commerce" },
          { label: t("title"), href: "/commerce/offer" },
        ]}
      />
      <h1 className="text-3xl font-bold tracking-tight text-primary-text">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t("intro")}</p>
      {groups.length === 0 ? (
        <p className="mt-8 rounded-card border border-border p-6" data-testid="offers-empty">
          {t("empty")}
        </p>
      ) : (
        groups.map(({ group, items }, groupIndex) => (
          <section
            key={group}
            aria-labelledby={`offers-${group}`}
            className="mt-8"
            data-testid={`offers-${group}`}
          >
            <h2 id={`offers-${group}`} className="mb-3 text-xl font-semibold">
              {t(group)}{" "}
              <span className="text-base font-normal text-muted-foreground">
                ({t("count", { count: items.length })})
              </span>
            </h2>
            <ul className="sf-grid">
              {items.map((product, index) => (
                <li key={product.id} className="flex">
                  <ProductCardView
                    product={product}
                    picturePriority={groupIndex === 0 ? firstGridPicturePriority(index) : "lazy"}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
