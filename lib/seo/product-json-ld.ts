import { offerPrice } from "@/lib/commerce/offer-price";
import type { PublicProduct } from "@/lib/listings/public-products";
import type { PublicReview } from "@/lib/reviews/reviews";

/**
 * schema.org Product with its offers, brand, identifiers and rating (Google's product snippet):
 * `name` and one of `offers`, `aggregateRating`, `review` are required; `brand`, `sku`,
 * `gtin`/`mpn`, `description` are recommended (image comes with the gallery). A running
 * offer's price is the price, with `priceValidUntil` its end (the page is cached).
 */
export function productJsonLd(
  product: PublicProduct,
  url: string,
  reviews: readonly PublicReview[] = [],
) {
  const money = (minor: number) =>
    (minor / 10 ** product.currencyDigits).toFixed(product.currencyDigits);
  // The price paid now: a running offer's (the price rule, per variant), valid until its end.
  const rules = product.offers.map((o) => ({ ...o, endsAt: new Date(o.endsAt) }));
  const offered = product.variants.map((v) => offerPrice(v.priceMinor, rules));
  const prices = product.variants.map((v, i) => offered[i]?.priceMinor ?? v.priceMinor);
  const ends = offered.flatMap((o) => (o ? [o.endsAt.getTime()] : []));
  const validUntil = ends.length
    ? { priceValidUntil: new Date(Math.min(...ends)).toISOString().slice(0, 10) }
    : {};
  const gtin = product.externalIds.find((e) => e.type !== "mpn" && e.type !== "isbn10");
  const mpn = product.externalIds.find((e) => e.type === "mpn");
  const anyAvailable = product.variants.some((v) => v.available);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.summary || undefined,
    url,
    ...(product.images.length
      ? { image: product.images.map((image) => new URL(image.url, url).toString()) }
      : {}),
    category: product.category,
    sku: product.variants[0]?.sku ?? undefined,
    ...(gtin ? { gtin: gtin.value } : {}),
    ...(mpn ? { mpn: mpn.value } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand.name } } : {}),
    ...(product.ratingCount > 0 && product.ratingAverage !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.ratingAverage.toFixed(1),
            reviewCount: product.ratingCount,
          },
        }
      : {}),
    ...(reviews.length
      ? {
          review: reviews.slice(0, 5).map((r) => ({
            "@type": "Review",
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5 },
            author: { "@type": "Person", name: r.authorName || "Anonymous" },
            datePublished: r.createdAt.slice(0, 10),
            ...(r.title ? { name: r.title } : {}),
            reviewBody: r.body,
          })),
        }
      : {}),
    offers:
      product.variants.length > 1
        ? {
            "@type": "AggregateOffer",
            priceCurrency: product.currency,
            lowPrice: money(Math.min(...prices)),
            highPrice: money(Math.max(...prices)),
            offerCount: product.variants.length,
            ...validUntil,
            availability: anyAvailable
              ? "https://schema.org/InStock"
              : "https://schema.org/OutOfStock",
            url,
          }
        : {
            "@type": "Offer",
            priceCurrency: product.currency,
            price: money(prices[0] ?? 0),
            ...validUntil,
            availability: anyAvailable
              ? "https://schema.org/InStock"
              : "https://schema.org/OutOfStock",
            url,
            ...(product.seller
              ? { seller: { "@type": "Organization", name: product.seller.name } }
              : {}),
          },
  };
}
