import { Picture } from "@/components/ui/picture";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { ProductCardView } from "@/components/storefront/product-card";
import { Icon } from "@/components/ui/icon";
import {
  productCategories,
  type ListingKind,
  type ProductCategory,
} from "@/lib/commerce/catalogue-types";
import { minorToAmount } from "@/lib/commerce/money";
import type { IconName } from "@/lib/icons/icon-names";
import { listingPath } from "@/lib/listings/listing-path";
import type { SearchResultCard } from "@/lib/listings/search";

const kindIcons: Record<ListingKind, IconName> = {
  product: "shopping-bag",
  event: "calendar-days",
  service: "wrench",
  serviceProvider: "user-round",
  restaurant: "utensils-crossed",
  venue: "hotel",
  offer: "tag",
};

function isProductCategory(category: string): category is ProductCategory {
  return (productCategories as readonly string[]).includes(category);
}

/**
 * One search result: a product is drawn by the storefront's product card; every other kind by
 * a card of the same look with its kind named. Near me, the distance follows.
 */
export async function SearchResultCardView({ item }: { item: SearchResultCard }) {
  const [t, format] = await Promise.all([getTranslations("search"), getFormatter()]);
  const distance =
    item.distanceKm === null ? null : (
      <p className="px-1 pt-1 text-xs text-muted-foreground" data-testid="result-distance">
        {t("results.distance", {
          distance: format.number(item.distanceKm, {
            maximumFractionDigits: item.distanceKm < 10 ? 1 : 0,
          }),
        })}
      </p>
    );
  if (item.kind === "product" && isProductCategory(item.category)) {
    return (
      <div className="flex w-full min-w-0 flex-col">
        <ProductCardView product={{ ...item, category: item.category }} />
        {distance}
      </div>
    );
  }
  const href = listingPath(item.kind, item.id);
  const price =
    item.priceFromMinor === null
      ? null
      : format.number(minorToAmount(item.priceFromMinor, item.currency), {
          style: "currency",
          currency: item.currency,
        });
  return (
    <div className="flex w-full min-w-0 flex-col">
      <article className="sf-card flex-1">
        <div className="sf-card-media" aria-hidden>
          {item.cover ? (
            <Picture
              src={item.cover.url}
              alt=""
              width={item.cover.width}
              height={item.cover.height}
              sizes="(min-width: 1280px) 300px, (min-width: 640px) 33vw, 50vw"
              className="size-full object-cover"
            />
          ) : (
            <Icon name={kindIcons[item.kind]} className="size-10" />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <p className="text-xs font-medium text-muted-foreground">{t(`kind.${item.kind}`)}</p>
          <h3 className="text-base leading-snug font-semibold">
            {href ? (
              <Link href={href} className="sf-card-link">
                {item.title}
              </Link>
            ) : (
              <span className="break-words">{item.title}</span>
            )}
          </h3>
          {item.summary ? (
            <p className="line-clamp-2 text-sm break-words text-muted-foreground">{item.summary}</p>
          ) : null}
          {price ? <p className="mt-auto pt-1 font-semibold">{t("card.from", { price })}</p> : null}
          <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            {item.ratingAverage !== null ? (
              <span>
                <Icon name="star" className="mr-0.5 inline size-3.5 align-[-2px]" />
                <span className="sr-only">
                  {t("card.ratingLabel", {
                    average: format.number(item.ratingAverage, { maximumFractionDigits: 1 }),
                    count: item.ratingCount,
                  })}
                </span>
                <span aria-hidden>
                  {t("card.rating", {
                    average: format.number(item.ratingAverage, { maximumFractionDigits: 1 }),
                    count: item.ratingCount,
                  })}
                </span>
              </span>
            ) : null}
            {item.city ? <span>{item.city}</span> : null}
          </p>
        </div>
      </article>
      {distance}
    </div>
  );
}
