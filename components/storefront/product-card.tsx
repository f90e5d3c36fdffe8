import { Picture } from "@/components/ui/picture";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Icon } from "@/components/ui/icon";
import { minorToAmount } from "@/lib/commerce/money";
import type { ProductCard as Card } from "@/lib/listings/public-products";
import { categoryIcon } from "./category-icon";
import { offerEndsFormatter } from "./offer-ends";
import { OfferUntil } from "./offer-until";

/**
 * The widest card picture a screen needs: at most 300 CSS px from 1,280 px up, 33vw (≤ 422 px)
 * from 640 px, 50vw (≤ 320 px) on phones, so 828 px covers two-times screens everywhere and
 * three-times phones (docs/commerce.md, "Pictures").
 */
export const CARD_PICTURE_MAX_WIDTH = 828;

/**
 * How a card's picture loads, by its place in the page's first grid: the first two (the first
 * row on a phone, where the first picture is the page's largest paint) eagerly and with
 * `fetchpriority="high"`, the next two eagerly, the rest lazily (docs/bench.md, "LCP").
 */
export type CardPicturePriority = "high" | "eager" | "lazy";

export function firstGridPicturePriority(index: number): CardPicturePriority {
  return index < 2 ? "high" : index < 4 ? "eager" : "lazy";
}

/**
 * A product in a grid: its cover picture (decorative: the title says what it is), title,
 * brand, price (and a "was" price; with a running offer the offer price, the normal price
 * struck through, the percent saved and when the offer ends), rating, city.
 */
export async function ProductCardView({
  product,
  headingLevel = "h3",
  picturePriority = "lazy",
}: {
  product: Card;
  headingLevel?: "h2" | "h3";
  /** "lazy" unless the card is near the top of the page (firstGridPicturePriority). */
  picturePriority?: CardPicturePriority;
}) {
  const [t, format, ends] = await Promise.all([
    getTranslations("storefront.card"),
    getFormatter(),
    offerEndsFormatter(),
  ]);
  const Heading = headingLevel;
  const money = (minor: number) =>
    format.number(minorToAmount(minor, product.currency), {
      style: "currency",
      currency: product.currency,
    });
  const offer = product.offer;
  const normalPrice = (
    <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
      {product.priceFromMinor === null ? null : (
        <span className="font-semibold">
          {product.hasRange
            ? t("from", { price: money(product.priceFromMinor) })
            : money(product.priceFromMinor)}
        </span>
      )}
      {product.compareAtMinor !== null && !product.hasRange ? (
        <s className="text-sm text-muted-foreground">
          <span className="sr-only">{t("was")} </span>
          {money(product.compareAtMinor)}
        </s>
      ) : null}
    </p>
  );
  return (
    <article className="sf-card">
      <div className="sf-card-media" aria-hidden>
        {product.cover ? (
          <Picture
            src={product.cover.url}
            alt=""
            width={product.cover.width}
            height={product.cover.height}
            sizes="(min-width: 1280px) 300px, (min-width: 640px) 33vw, 50vw"
            maxWidth={CARD_PICTURE_MAX_WIDTH}
            priority={picturePriority !== "lazy"}
            fetchPriority={picturePriority === "eager" ? "auto" : undefined}
            className="size-full object-cover"
          />
        ) : (
          <Icon name={categoryIcon(product.category)} className="size-10" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="text-base leading-snug font-semibold">
          <Link href={`/commerce/product/${product.id}`} className="sf-card-link">
            {product.title}
          </Link>
        </Heading>
        {product.brandName ? (
          <p className="text-xs text-muted-foreground">{product.brandName}</p>
        ) : null}
        {offer && product.priceFromMinor !== null ? (
          <OfferUntil
            endsAt={offer.endsAt}
            normal={normalPrice}
            offer={
              <div className="mt-auto flex flex-col pt-1" data-testid="card-offer">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="sr-only">{t("offerPrice")} </span>
                  <span className="font-semibold text-primary-text">
                    {product.hasRange
                      ? t("from", { price: money(offer.priceMinor) })
                      : money(offer.priceMinor)}
                  </span>
                  <s className="text-sm text-muted-foreground">
                    <span className="sr-only">{t("was")} </span>
                    {money(product.priceFromMinor)}
                  </s>
                  <span className="badge badge-accent">
                    <span aria-hidden>{t("saved", { percent: offer.percentSaved })}</span>
                    <span className="sr-only">
                      {t("savedLabel", { percent: offer.percentSaved })}
                    </span>
                  </span>
                </p>
                <p className="text-xs text-muted-foreground">
                  {t("offerEnds", { date: ends(offer.endsAt) })}
                </p>
              </div>
            }
          />
        ) : (
          normalPrice
        )}
        <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          {product.ratingAverage !== null ? (
            <span>
              <Icon name="star" className="mr-0.5 inline size-3.5 align-[-2px]" />
              {t("rating", {
                average: format.number(product.ratingAverage, { maximumFractionDigits: 1 }),
                count: product.ratingCount,
              })}
            </span>
          ) : null}
          {product.inStock ? null : <span>{t("outOfStock")}</span>}
          {product.city ? <span>{product.city}</span> : null}
        </p>
      </div>
    </article>
  );
}
