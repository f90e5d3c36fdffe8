import type { ReactNode } from "react";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { Breadcrumbs } from "@/components/storefront/breadcrumbs";
import { ListingLocationSection } from "@/components/storefront/listing-location";
import { ListingMarkdown } from "@/components/storefront/listing-markdown";
import { ProductCardView } from "@/components/storefront/product-card";
import { ProductGallery } from "@/components/storefront/product-gallery";
import { offerEndsFormatter } from "@/components/storefront/offer-ends";
import { type PickerVariant, VariantPicker } from "@/components/storefront/variant-picker";
import { Icon } from "@/components/ui/icon";
import { cartErrorTexts } from "@/lib/cart/cart-error-texts";
import { runningOfferPrice } from "@/lib/commerce/offer-running";
import type { PublicProduct } from "@/lib/listings/public-products";
import { productSearchQuery } from "@/lib/listings/product-search-params";

/**
 * A product's page: the gallery, the variant picker (price, a running offer's price and stock
 * follow the choice),
 * brand, the attribute table, the description, the seller with its FAQ, and related products.
 * The public page passes its reviews and structured data and gets the buy box (`buyable`);
 * the back office's preview passes a banner instead.
 */
export async function ProductView({
  product,
  banner,
  structuredData,
  reviews,
  buyable = false,
}: {
  product: PublicProduct;
  banner?: ReactNode;
  structuredData?: ReactNode;
  reviews?: ReactNode;
  buyable?: boolean;
}) {
  const [t, tc, tk, format, locale, errors, ends] = await Promise.all([
    getTranslations("storefront.product"),
    getTranslations("storefront.categories"),
    getTranslations("storefront.card"),
    getFormatter(),
    getLocale(),
    buyable ? cartErrorTexts() : null,
    offerEndsFormatter(),
  ]);
  // Each variant's price under the running offers (the lowest wins), with its texts.
  const variants: PickerVariant[] = product.variants.map((variant) => {
    const offer = runningOfferPrice(variant.priceMinor, product.offers);
    return {
      ...variant,
      offer: offer
        ? {
            priceMinor: offer.priceMinor,
            endsAt: offer.endsAt.toISOString(),
            ends: tk("offerEnds", { date: ends(offer.endsAt.toISOString()) }),
            saved: tk("saved", { percent: offer.percentSaved }),
            savedLabel: tk("savedLabel", { percent: offer.percentSaved }),
          }
        : null,
    };
  });
  const categoryTitle = tc(`${product.category}.title`);
  const attributeValue = (a: PublicProduct["attributes"][number]) =>
    Array.isArray(a.value)
      ? a.value.join(", ")
      : typeof a.value === "boolean"
        ? t(a.value ? "yes" : "no")
        : a.type === "number"
          ? `${format.number(a.value as number)}${a.unit ? ` ${a.unit}` : ""}`
          : a.type === "date"
            ? format.dateTime(new Date(`${String(a.value)}T00:00:00Z`), {
                dateStyle: "medium",
                timeZone: "UTC",
              })
            : String(a.value);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10">
      {banner}
      <Breadcrumbs
        crumbs={[
          { label: t("home"), href: "/" },
          { label: t("commerce"), href: "/commerce" },
          {
            label: categoryTitle,
            href: `/commerce/product?${productSearchQuery({ category: product.category })}`,
          },
          { label: product.title, href: `/commerce/product/${product.id}` },
        ]}
      />
      {structuredData}
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery
          images={product.images}
          title={product.title}
          category={product.category}
          labels={{
            noPicture: t("noPicture"),
            pictures: t("pictures", { title: product.title }),
            show: (n) => t("showPicture", { number: n }),
          }}
        />
        <div className="flex min-w-0 flex-col gap-4">
          <div>
            {product.brand ? (
              <p className="text-sm font-medium text-muted-foreground">{product.brand.name}</p>
            ) : null}
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
              {product.title}
            </h1>
            {product.ratingAverage !== null ? (
              <p className="mt-1 text-sm text-muted-foreground">
                <Icon name="star" className="mr-1 inline size-4 align-[-3px]" />
                {t("rating", {
                  average: format.number(product.ratingAverage, { maximumFractionDigits: 1 }),
                  count: product.ratingCount,
                })}
              </p>
            ) : null}
          </div>
          {product.summary ? <p className="text-lg">{product.summary}</p> : null}
          <VariantPicker
            options={product.options}
            variants={variants}
            locale={locale}
            currency={product.currency}
            digits={product.currencyDigits}
            labels={{
              price: t("price"),
              was: t("was"),
              offerPrice: tk("offerPrice"),
              inStock: t("inStock"),
              fewLeft: t("fewLeft"),
              outOfStock: t("outOfStock"),
              unavailable: t("unavailable"),
            }}
            buy={
              errors
                ? {
                    productId: product.id,
                    labels: {
                      quantity: t("buy.quantity"),
                      add: t("buy.add"),
                      adding: t("buy.adding"),
                      added: t("buy.added"),
                      viewCart: t("buy.viewCart"),
                      errors,
                    },
                  }
                : undefined
            }
          />
          {errors ? null : <p className="text-sm text-muted-foreground">{t("buy.previewOnly")}</p>}
        </div>
      </div>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-10">
          {product.description ? (
            <section aria-labelledby="description">
              <h2 id="description" className="text-xl font-semibold">
                {t("description")}
              </h2>
              <div className="break-words">
                <ListingMarkdown>{product.description}</ListingMarkdown>
              </div>
            </section>
          ) : null}
          {product.attributes.length > 0 || product.externalIds.length > 0 ? (
            <section aria-labelledby="details">
              <h2 id="details" className="mb-3 text-xl font-semibold">
                {t("details")}
              </h2>
              <div className="overflow-x-auto rounded-card border border-border">
                <table className="w-full text-sm">
                  <caption className="sr-only">{t("details")}</caption>
                  <tbody className="divide-y divide-border">
                    {product.attributes.map((a) => (
                      <tr key={a.name}>
                        <th scope="row" className="w-2/5 p-3 text-left font-medium">
                          {a.name}
                        </th>
                        <td className="p-3 break-words">
                          {a.type === "colour" ? (
                            <span
                              aria-hidden
                              className="mr-2 inline-block size-3 rounded-full border border-border align-middle"
                              style={{ backgroundColor: String(a.value) }}
                            />
                          ) : null}
                          {attributeValue(a)}
                        </td>
                      </tr>
                    ))}
                    {product.externalIds.map((e) => (
                      <tr key={`${e.type}-${e.value}`}>
                        <th scope="row" className="w-2/5 p-3 text-left font-medium">
                          {t(`ids.${e.type}`)}
                        </th>
                        <td className="p-3 font-mono break-all">{e.value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : null}
          {product.location ? (
            <ListingLocationSection location={product.location} title={product.title} />
          ) : null}
          {reviews}
        </div>
        {product.seller ? (
          <aside
            aria-labelledby="seller"
            className="flex flex-col gap-3 self-start rounded-card border border-border bg-surface p-4"
          >
            <h2 id="seller" className="text-lg font-semibold">
              {t("soldBy", { name: product.seller.name })}
            </h2>
            {product.seller.city ? (
              <p className="text-sm text-muted-foreground">
                {[product.seller.city, product.seller.country].filter(Boolean).join(", ")}
              </p>
            ) : null}
            {product.seller.description ? (
              <p className="text-sm">{product.seller.description}</p>
            ) : null}
            {product.seller.website ? (
              <a
                href={product.seller.website}
                rel="nofollow noopener noreferrer"
                target="_blank"
                className="text-sm text-primary-text underline underline-offset-4"
              >
                {t("website")}
              </a>
            ) : null}
            {product.seller.faqs.length > 0 ? (
              <div className="flex flex-col gap-2">
                <h3 className="font-semibold">{t("faq")}</h3>
                {product.seller.faqs.map((faq) => (
                  <details
                    key={faq.question}
                    className="rounded-card border border-border p-2 text-sm"
                  >
                    <summary className="cursor-pointer font-medium">{faq.question}</summary>
                    <p className="mt-2 whitespace-pre-line">{faq.answer}</p>
                  </details>
                ))}
              </div>
            ) : null}
          </aside>
        ) : null}
      </div>
      {product.related.length > 0 ? (
        <section aria-labelledby="related" className="mt-12">
          <h2 id="related" className="mb-3 text-xl font-semibold">
            {t("related")}
          </h2>
          <ul className="sf-grid">
            {product.related.map((related) => (
              <li key={related.id} className="flex">
                <ProductCardView product={related} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
