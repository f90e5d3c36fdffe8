import { describe, expect, it } from "vitest";
import type { PublicProduct } from "@/lib/listings/public-products";
import { productJsonLd } from "./product-json-ld";

const base: PublicProduct = {
  id: "00000000-0000-4000-8000-000000100001",
  organisationId: "00000000-0000-4000-8000-00000000a001",
  status: "published",
  title: "Lumen X2",
  summary: "A phone.",
  description: "",
  category: "electronics",
  tags: [],
  currency: "EUR",
  currencyDigits: 2,
  priceFromMinor: 19999,
  inStock: true,
  ratingCount: 0,
  ratingAverage: null,
  ratingHistogram: [0, 0, 0, 0, 0],
  city: "Madrid",
  country: "ES",
  location: null,
  publishedAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-02T00:00:00.000Z",
  brand: { id: "b", name: "Lumen", website: null },
  taxClass: "standard",
  options: [],
  variants: [
    {
      id: "v1",
      optionValues: [],
      sku: "LX2",
      priceMinor: 19999,
      compareAtMinor: null,
      available: true,
      stock: 3,
    },
  ],
  attributes: [],
  externalIds: [
    { type: "ean", value: "4006381333931" },
    { type: "mpn", value: "LX-2" },
  ],
  seller: {
    id: "o",
    name: "Gadget Corner",
    description: "",
    city: null,
    country: null,
    website: null,
    faqs: [],
  },
  related: [],
  images: [
    { url: "/api/public-files/f1", alt: "Front", width: 800, height: 800 },
    { url: "/api/public-files/f2", alt: "", width: 800, height: 600 },
  ],
  offers: [],
};
const url = "https://market.example/commerce/product/00000000-0000-4000-8000-000000100001";

/** Google's Product snippet: required name and one of offers / aggregateRating / review. */
function requiredMissing(data: Record<string, unknown>): string[] {
  const missing: string[] = [];
  if (typeof data.name !== "string" || !data.name) missing.push("name");
  if (!data.offers && !data.aggregateRating && !data.review)
    missing.push("offers|aggregateRating|review");
  const offers = data.offers as Record<string, unknown> | undefined;
  if (offers?.["@type"] === "Offer" && (offers.price === undefined || !offers.priceCurrency)) {
    missing.push("offers.price|priceCurrency");
  }
  if (
    offers?.["@type"] === "AggregateOffer" &&
    (offers.lowPrice === undefined || !offers.priceCurrency)
  ) {
    missing.push("offers.lowPrice|priceCurrency");
  }
  return missing;
}

describe("a product's schema.org data", () => {
  it("has what Google requires and recommends for a product with one price", () => {
    const data = productJsonLd(base, url);
    expect(requiredMissing(data)).toEqual([]);
    expect(data).toMatchObject({
      "@type": "Product",
      brand: { "@type": "Brand", name: "Lumen" },
      sku: "LX2",
      gtin: "4006381333931",
      mpn: "LX-2",
      description: "A phone.",
      image: [
        "https://market.example/api/public-files/f1",
        "https://market.example/api/public-files/f2",
      ],
      offers: {
        "@type": "Offer",
        price: "199.99",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        seller: { "@type": "Organization", name: "Gadget Corner" },
      },
    });
    expect(data).not.toHaveProperty("aggregateRating");
    expect(productJsonLd({ ...base, images: [] }, url)).not.toHaveProperty("image");
  });

  it("gives a price range for variants, out of stock when none is available, and the rating", () => {
    const data = productJsonLd(
      {
        ...base,
        currency: "JPY",
        currencyDigits: 0,
        ratingCount: 4,
        ratingAverage: 4.25,
        variants: [
          { ...base.variants[0]!, id: "a", priceMinor: 1500, available: false },
          { ...base.variants[0]!, id: "b", priceMinor: 2500, available: false },
        ],
      },
      url,
    );
    expect(requiredMissing(data)).toEqual([]);
    expect(data.offers).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: "1500",
      highPrice: "2500",
      offerCount: 2,
      availability: "https://schema.org/OutOfStock",
    });
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: "4.3",
      reviewCount: 4,
    });
  });

  it("gives a running offer's price, valid until the offer ends", () => {
    const offers = [
      { id: "o1", kind: "percentage" as const, value: 25, endsAt: "2026-12-24T18:00:00.000Z" },
    ];
    expect(productJsonLd({ ...base, offers }, url).offers).toMatchObject({
      "@type": "Offer",
      price: "149.99",
      priceValidUntil: "2026-12-24",
    });
    const range = productJsonLd(
      {
        ...base,
        offers,
        variants: [
          { ...base.variants[0]!, id: "a", priceMinor: 1000 },
          { ...base.variants[0]!, id: "b", priceMinor: 3000 },
        ],
      },
      url,
    ).offers;
    expect(range).toMatchObject({ lowPrice: "7.50", highPrice: "22.50" });
    expect(productJsonLd(base, url).offers).not.toHaveProperty("priceValidUntil");
  });

  it("names up to five reviews with their rating, author and date", () => {
    const review = {
      id: "r",
      rating: 4,
      title: "Good",
      body: "Works.",
      authorName: "Ana",
      verified: false,
      createdAt: "2026-11-20T10:00:00.000Z",
      reply: null,
      repliedAt: null,
      photos: [],
    };
    const reviews = Array.from({ length: 7 }, (_, i) => ({ ...review, id: `r${i}` }));
    const data = productJsonLd(base, url, reviews);
    expect(data.review).toHaveLength(5);
    expect(data.review?.[0]).toEqual({
      "@type": "Review",
      reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5 },
      author: { "@type": "Person", name: "Ana" },
      datePublished: "2026-11-20",
      name: "Good",
      reviewBody: "Works.",
    });
  });
});
