import "server-only";
import { and, asc, count, desc, eq, gte, inArray, ne, sql, type SQL } from "drizzle-orm";
import { unstable_cache } from "next/cache";
import type {
  AttributeType,
  AttributeValue,
  ExternalIdType,
  ListingStatus,
  ProductCategory,
  TaxClass,
} from "@/lib/commerce/catalogue-types";
import { currencyDigits } from "@/lib/commerce/money";
import {
  runningOfferPrice,
  runningOffersJson,
  toRunningOffers,
  type RunningOffer,
} from "@/lib/commerce/offer-running";
import {
  brands,
  productAttributes,
  productExternalIds,
  products,
  productVariants,
  type ProductOptions,
} from "@/lib/commerce/schema";
import { type UserClaims, withAnonContext, withUserContext } from "@/lib/db/context";
import { publicFileUrl } from "@/lib/files/public-files";
import { queryRows } from "@/lib/db/rows";
import type { Tx } from "@/lib/db/types";
import { isUuid } from "@/lib/organisations/access";
import { kindTag, listingTag } from "./cache-tags";
import type { ListingLocation } from "./location-schema";
import { hasLocation } from "./maps-link";
import { PUBLIC_PAGE_SIZE, type ProductSearchState } from "./product-search-params";
import { readGallery } from "./gallery-read";
import { listings } from "./schema";

/**
 * What visitors see of products: the landing pages' results and facets, one product's page,
 * the commerce overview. Every read runs as `anon` (RLS: published listings only) and is
 * cached by tag (lib/listings/cache-tags.ts): `listings:product` for lists, `listing:<id>`
 * for a product's page; the back office's writes expire them. Cached values are JSON: dates
 * travel as ISO strings.
 */

export interface ProductCard {
  id: string;
  title: string;
  summary: string;
  category: ProductCategory;
  brandName: string | null;
  priceFromMinor: number | null;
  /** The lowest compare-at price above its variant's price, for a "was" price. */
  compareAtMinor: number | null;
  hasRange: boolean;
  currency: string;
  inStock: boolean;
  ratingCount: number;
  ratingAverage: number | null;
  city: string | null;
  publishedAt: string;
  /** The cover picture (the gallery's first), or null. */
  cover: CardCover | null;
  /** The best running offer on the price shown ("from" price for a range), or null. */
  offer: CardOffer | null;
}

/** An offer as a card shows it: the offer price, the percent saved, the end (ISO). */
export interface CardOffer {
  priceMinor: number;
  percentSaved: number;
  endsAt: string;
}

export interface CardCover {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface ProductResults {
  items: ProductCard[];
  total: number;
  page: number;
  pages: number;
}

export interface ProductFacets {
  brands: { id: string; name: string; count: number }[];
  attributes: { name: string; type: AttributeType; values: { value: string; count: number }[] }[];
}

const CACHE_SECONDS = 3600;

const cardColumns = {
  id: listings.id,
  title: listings.title,
  summary: listings.summary,
  category: listings.category,
  brandName: brands.name,
  priceFromMinor: listings.priceFromMinor,
  compareAtMinor: sql<
    number | null
  >`(select min(v.compare_at_minor) from product_variants v where v.product_id = ${listings.id} and v.compare_at_minor is not null)`,
  hasRange: sql<boolean>`(select count(distinct v.price_minor) > 1 from product_variants v where v.product_id = ${listings.id})`,
  currency: listings.currency,
  inStock: listings.inStock,
  ratingCount: listings.ratingCount,
  ratingSum: listings.ratingSum,
  city: listings.city,
  publishedAt: listings.publishedAt,
  cover: sql<{
    fileId: string;
    alt: string;
    width: number;
    height: number;
  } | null>`(select json_build_object('fileId', i.file_id, 'alt', i.alt_text, 'width', i.width, 'height', i.height) from listing_images i where i.listing_id = ${listings.id} order by i.position limit 1)`,
  offers: runningOffersJson(listings.id),
};

type CardRow = {
  [K in keyof typeof cardColumns]: unknown;
} & {
  id: string;
  title: string;
  summary: string;
  category: string;
  brandName: string | null;
  priceFromMinor: number | null;
  compareAtMinor: number | string | null;
  hasRange: boolean;
  currency: string;
  inStock: boolean;
  ratingCount: number;
  ratingSum: number;
  city: string | null;
  publishedAt: Date | null;
  cover: CoverRow | string | null;
  offers: unknown;
};

/** A cover as the card queries select it (a JSON object; a string where a driver leaves it). */
export interface CoverRow {
  fileId: string;
  alt: string;
  width: number;
  height: number;
}

export function toCover(raw: CoverRow | string | null): CardCover | null {
  const cover = typeof raw === "string" ? (JSON.parse(raw) as CoverRow | null) : raw;
  if (!cover) return null;
  return {
    url: publicFileUrl({ id: cover.fileId }),
    alt: cover.alt,
    width: cover.width,
    height: cover.height,
  };
}

function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category as ProductCategory,
    brandName: row.brandName,
    priceFromMinor: row.priceFromMinor,
    compareAtMinor: row.compareAtMinor === null ? null : Number(row.compareAtMinor),
    hasRange: Boolean(row.hasRange),
    currency: row.currency,
    inStock: row.inStock,
    ratingCount: row.ratingCount,
    ratingAverage: row.ratingCount > 0 ? row.ratingSum / row.ratingCount : null,
    city: row.city,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    cover: toCover(row.cover),
    offer: cardOffer(row.priceFromMinor, toRunningOffers(row.offers)),
  };
}

function cardOffer(priceMinor: number | null, offers: RunningOffer[]): CardOffer | null {
  const best = runningOfferPrice(priceMinor, offers);
  return best
    ? {
        priceMinor: best.priceMinor,
        percentSaved: best.percentSaved,
        endsAt: best.endsAt.toISOString(),
      }
    : null;
}

const published = and(eq(listings.kind, "product"), eq(listings.status, "published"));

/** The card's columns and mapping, for other public reads of products (highlights.ts). */
export const productCardColumns = cardColumns;

export function toProductCard(row: object): ProductCard {
  return toCard(row as CardRow);
}

/** The WHERE of a search state (every filter but the page and the sort). */
function searchWhere(state: ProductSearchState, skip?: "brand" | "attr"): SQL | undefined {
  const minorOf = (major: number) =>
    sql`(${major}::bigint * power(10, case ${listings.currency} when 'JPY' then 0 when 'KRW' then 0 when 'CLP' then 0 when 'KWD' then 3 when 'BHD' then 3 else 2 end))`;
  return and(
    published,
    state.category ? eq(listings.category, state.category) : undefined,
    state.brands.length && skip !== "brand" ? inArray(products.brandId, state.brands) : undefined,
    state.min !== null ? gte(listings.priceFromMinor, minorOf(state.min)) : undefined,
    state.max !== null ? sql`${listings.priceFromMinor} <= ${minorOf(state.max)}` : undefined,
    state.rating !== null
      ? sql`${listings.ratingCount} > 0 and ${listings.ratingSum} >= ${state.rating} * ${listings.ratingCount}`
      : undefined,
    state.inStock ? eq(listings.inStock, true) : undefined,
    ...(skip === "attr"
      ? []
      : state.attrs.map(
          ({ name, value }) =>
            sql`exists (select 1 from product_attributes pa where pa.product_id = ${listings.id}
              and lower(pa.name) = lower(${name})
              and (pa.value = to_jsonb(${value}::text)
                   or (jsonb_typeof(pa.value) = 'array' and pa.value ? ${value})
                   or (jsonb_typeof(pa.value) = 'boolean' and pa.value::text = lower(${value}))))`,
        )),
  );
}

const sorts = {
  relevance: [desc(listings.ratingCount), desc(listings.publishedAt)],
  "price-asc": [asc(listings.priceFromMinor)],
  "price-desc": [desc(listings.priceFromMinor)],
  newest: [desc(listings.publishedAt)],
  rating: [
    desc(
      sql`case when ${listings.ratingCount} = 0 then 0 else ${listings.ratingSum}::float / ${listings.ratingCount} end`,
    ),
    desc(listings.ratingCount),
  ],
} as const;

async function searchProducts(state: ProductSearchState): Promise<ProductResults> {
  return withAnonContext(async (tx) => {
    const where = searchWhere(state);
    const [totals] = await tx
      .select({ n: count() })
      .from(listings)
      .innerJoin(products, eq(products.listingId, listings.id))
      .where(where);
    const total = totals?.n ?? 0;
    const pages = Math.max(1, Math.ceil(total / PUBLIC_PAGE_SIZE));
    const page = Math.min(state.page, pages);
    const rows = await tx
      .select(cardColumns)
      .from(listings)
      .innerJoin(products, eq(products.listingId, listings.id))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(...sorts[state.sort], asc(listings.id))
      .limit(PUBLIC_PAGE_SIZE)
      .offset((page - 1) * PUBLIC_PAGE_SIZE);
    return { items: rows.map((r) => toCard(r as CardRow)), total, page, pages };
  });
}

/** The brands and filterable attribute values of the current results (each facet ignores its own filter). */
async function productFacets(state: ProductSearchState): Promise<ProductFacets> {
  return withAnonContext(async (tx) => {
    const brandRows = await tx
      .select({ id: brands.id, name: brands.name, count: count() })
      .from(listings)
      .innerJoin(products, eq(products.listingId, listings.id))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(searchWhere(state, "brand"))
      .groupBy(brands.id, brands.name)
      .orderBy(desc(count()), asc(brands.name))
      .limit(30);
    const attributeRows = state.category
      ? await queryRows<{ name: string; type: AttributeType; value: string; count: number }>(
          tx,
          sql`select min(pa.name) as name, pa.type, v.value, count(distinct pa.product_id)::int as count
            from ${listings}
            join ${products} on ${products.listingId} = ${listings.id}
            join product_attributes pa on pa.product_id = ${listings.id}
            cross join lateral (
              select case jsonb_typeof(pa.value)
                when 'array' then e.value #>> '{}'
                else pa.value #>> '{}' end as value
              from jsonb_array_elements(case jsonb_typeof(pa.value) when 'array' then pa.value else jsonb_build_array(pa.value) end) e
            ) v
            where ${searchWhere(state, "attr")}
              and pa.type in ('oneOf', 'severalOf', 'boolean', 'colour')
            group by lower(pa.name), pa.type, v.value
            order by lower(pa.name), count desc, v.value
            limit 200`,
        )
      : [];
    const attributes = new Map<string, ProductFacets["attributes"][number]>();
    for (const row of attributeRows) {
      const key = row.name.toLowerCase();
      const entry = attributes.get(key) ?? { name: row.name, type: row.type, values: [] };
      if (entry.values.length < 12) entry.values.push({ value: row.value, count: row.count });
      attributes.set(key, entry);
    }
    return {
      brands: brandRows,
      attributes: [...attributes.values()].filter(
        (a) => a.values.length > 1 || a.type === "boolean",
      ),
    };
  });
}

export const cachedProductSearch = unstable_cache(searchProducts, ["public-products-search"], {
  tags: [kindTag("product")],
  revalidate: CACHE_SECONDS,
});

export const cachedProductFacets = unstable_cache(productFacets, ["public-products-facets"], {
  tags: [kindTag("product")],
  revalidate: CACHE_SECONDS,
});

/** Published products per category (the commerce overview and the section bar). */
export const cachedCategoryCounts = unstable_cache(
  () =>
    withAnonContext((tx) =>
      tx
        .select({ category: listings.category, count: count() })
        .from(listings)
        .where(published)
        .groupBy(listings.category),
    ),
  ["public-products-category-counts"],
  { tags: [kindTag("product")], revalidate: CACHE_SECONDS },
);

// ── One product ────────────────────────────────────────────────────────────────────────

export interface PublicProduct {
  id: string;
  organisationId: string;
  /** Always "published" on the public page; the preview shows any. */
  status: ListingStatus;
  title: string;
  summary: string;
  description: string;
  category: ProductCategory;
  tags: string[];
  currency: string;
  currencyDigits: number;
  priceFromMinor: number | null;
  inStock: boolean;
  ratingCount: number;
  ratingAverage: number | null;
  /** Reviews per star, 1 to 5. */
  ratingHistogram: number[];
  city: string | null;
  country: string | null;
  /** The listing's address and point (the "Where" section); null when it has none. */
  location: ListingLocation | null;
  publishedAt: string;
  updatedAt: string;
  brand: { id: string; name: string; website: string | null } | null;
  taxClass: TaxClass;
  options: ProductOptions;
  variants: {
    id: string;
    optionValues: string[];
    sku: string | null;
    priceMinor: number;
    compareAtMinor: number | null;
    available: boolean;
    stock: number | null;
  }[];
  attributes: { name: string; type: AttributeType; value: AttributeValue; unit: string | null }[];
  externalIds: { type: ExternalIdType; value: string }[];
  seller: {
    id: string;
    name: string;
    description: string;
    city: string | null;
    country: string | null;
    website: string | null;
    faqs: { question: string; answer: string }[];
  } | null;
  related: ProductCard[];
  /** The gallery in order, the cover first. */
  images: CardCover[];
  /** The running offers of the listing (each variant's offer price: runningOfferPrice). */
  offers: RunningOffer[];
}

/**
 * One product as its page shows it. `scope` "published": any published product (the public
 * page, read as anon); an organisation's id: that organisation's product in any status (the
 * back office's preview, read as the member).
 */
async function readProduct(
  tx: Tx,
  id: string,
  scope: "published" | { organisationId: string },
): Promise<PublicProduct | null> {
  {
    const [row] = await tx
      .select({
        id: listings.id,
        organisationId: listings.organisationId,
        status: listings.status,
        title: listings.title,
        summary: listings.summary,
        description: listings.description,
        category: listings.category,
        tags: listings.tags,
        currency: listings.currency,
        priceFromMinor: listings.priceFromMinor,
        inStock: listings.inStock,
        ratingCount: listings.ratingCount,
        ratingSum: listings.ratingSum,
        ratingHistogram: listings.ratingHistogram,
        city: listings.city,
        country: listings.country,
        addressLine1: listings.addressLine1,
        addressLine2: listings.addressLine2,
        region: listings.region,
        postalCode: listings.postalCode,
        latitude: listings.latitude,
        longitude: listings.longitude,
        publishedAt: listings.publishedAt,
        updatedAt: listings.updatedAt,
        brandId: brands.id,
        brandName: brands.name,
        brandWebsite: brands.website,
        taxClass: products.taxClass,
        options: products.options,
        offers: runningOffersJson(listings.id),
      })
      .from(listings)
      .innerJoin(products, eq(products.listingId, listings.id))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(
        and(
          eq(listings.id, id),
          scope === "published"
            ? published
            : and(eq(listings.kind, "product"), eq(listings.organisationId, scope.organisationId)),
        ),
      );
    if (!row) return null;
    const [variants, attributes, externalIds, seller, related, gallery] = await Promise.all([
      tx
        .select({
          id: productVariants.id,
          optionValues: productVariants.optionValues,
          sku: productVariants.sku,
          priceMinor: productVariants.priceMinor,
          compareAtMinor: productVariants.compareAtMinor,
          trackStock: productVariants.trackStock,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
        .orderBy(asc(productVariants.position), asc(productVariants.id)),
      tx
        .select({
          name: productAttributes.name,
          type: productAttributes.type,
          value: productAttributes.value,
          unit: productAttributes.unit,
        })
        .from(productAttributes)
        .where(eq(productAttributes.productId, id))
        .orderBy(asc(productAttributes.position), asc(productAttributes.name)),
      tx
        .select({ type: productExternalIds.type, value: productExternalIds.value })
        .from(productExternalIds)
        .where(eq(productExternalIds.productId, id)),
      readSeller(tx, row.organisationId),
      tx
        .select(cardColumns)
        .from(listings)
        .innerJoin(products, eq(products.listingId, listings.id))
        .leftJoin(brands, eq(brands.id, products.brandId))
        .where(and(published, eq(listings.category, row.category), ne(listings.id, id)))
        .orderBy(
          desc(sql`${listings.organisationId} = ${row.organisationId}`),
          desc(listings.ratingCount),
          asc(listings.id),
        )
        .limit(4),
      readGallery(tx, id),
    ]);
    return {
      id: row.id,
      organisationId: row.organisationId,
      status: row.status,
      title: row.title,
      summary: row.summary,
      description: row.description,
      category: row.category as ProductCategory,
      tags: row.tags,
      currency: row.currency,
      currencyDigits: currencyDigits(row.currency),
      priceFromMinor: row.priceFromMinor,
      inStock: row.inStock,
      ratingCount: row.ratingCount,
      ratingAverage: row.ratingCount > 0 ? row.ratingSum / row.ratingCount : null,
      ratingHistogram: row.ratingHistogram,
      city: row.city,
      country: row.country,
      location: locationOf(row),
      publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      brand: row.brandId
        ? { id: row.brandId, name: row.brandName ?? "", website: row.brandWebsite }
        : null,
      taxClass: row.taxClass,
      options: row.options,
      variants: variants.map(({ trackStock, stock, ...v }) => ({
        ...v,
        stock: trackStock ? stock : null,
        available: !trackStock || (stock ?? 0) > 0,
      })),
      attributes,
      externalIds,
      seller,
      related: related.map((r) => toCard(r as CardRow)),
      images: gallery.map(({ url, alt, width, height }) => ({ url, alt, width, height })),
      offers: toRunningOffers(row.offers),
    };
  }
}

async function readPublicProduct(id: string): Promise<PublicProduct | null> {
  if (!isUuid(id)) return null;
  return withAnonContext((tx) => readProduct(tx, id, "published"));
}

/**
 * An organisation's product as its page would show it, whatever its status: the back
 * office's preview. Read as the member (RLS: the kind's read permission), never cached.
 */
export async function productPreview(
  claims: UserClaims,
  organisationId: string,
  id: string,
): Promise<PublicProduct | null> {
  if (!isUuid(id)) return null;
  return withUserContext(claims, (tx) => readProduct(tx, id, { organisationId }));
}

function locationOf(row: ListingLocation): ListingLocation | null {
  const location: ListingLocation = {
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
  };
  return hasLocation(location) ? location : null;
}

async function readSeller(tx: Tx, organisationId: string): Promise<PublicProduct["seller"]> {
  const [card] = await queryRows<{
    id: string;
    name: string;
    description: string;
    city: string | null;
    country: string | null;
    website: string | null;
  }>(
    tx,
    sql`select id, name, description, city, country, website from app.seller_cards(array[${organisationId}]::uuid[])`,
  );
  if (!card) return null;
  const faqs = await queryRows<{ question: string; answer: string }>(
    tx,
    sql`select question, answer from app.seller_faqs(${organisationId}::uuid)`,
  );
  return { ...card, faqs };
}

/** One published product, cached under its own tag and the products' tag (related items). */
export function cachedPublicProduct(id: string): Promise<PublicProduct | null> {
  // Not a product's id: nothing to read, and nothing kept under a tag made from it (Next
  // refuses a tag over 256 characters, and each distinct id would be an entry).
  if (!isUuid(id)) return Promise.resolve(null);
  return unstable_cache(() => readPublicProduct(id), ["public-product", id], {
    tags: [listingTag(id), kindTag("product")],
    revalidate: CACHE_SECONDS,
  })();
}
