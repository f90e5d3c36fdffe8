import "server-only";
import { and, asc, count, eq } from "drizzle-orm";
import { unstable_cache } from "next/cache";
import { productCategories } from "@/lib/commerce/catalogue-types";
import { withAnonContext } from "@/lib/db/context";
import { kindTag } from "@/lib/listings/cache-tags";
import { productSearchQuery } from "@/lib/listings/product-search-params";
import { listings } from "@/lib/listings/schema";

/**
 * The sitemap index (issue 11 §4): `/sitemap.xml` names `/sitemaps/pages.xml` (the content
 * pages, the help articles and the commerce landing pages) and one `/sitemaps/products/<n>.xml`
 * per 20,000 published products, ready for millions (a sitemap file holds at most 50,000).
 * Unpublished and archived listings leave it with the next request after the change
 * (cached under the products' tag).
 */
export const LISTINGS_PER_SITEMAP = 20_000;

/** The commerce pages worth indexing: the overview, the offers and each category's landing page. */
export function commerceSitemapPaths(): string[] {
  return [
    "/commerce",
    "/commerce/offer",
    "/commerce/product",
    ...productCategories.map((category) => `/commerce/product?${productSearchQuery({ category })}`),
  ];
}

export const cachedPublishedProductCount = unstable_cache(
  () =>
    withAnonContext(async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(listings)
        .where(and(eq(listings.kind, "product"), eq(listings.status, "published")));
      return row?.n ?? 0;
    }),
  ["sitemap-product-count"],
  { tags: [kindTag("product")], revalidate: 3600 },
);

/** One sitemap file's products: id and last change, in id order. */
export function cachedSitemapProducts(page: number): Promise<{ id: string; updatedAt: string }[]> {
  return unstable_cache(
    () =>
      withAnonContext(async (tx) => {
        const rows = await tx
          .select({ id: listings.id, updatedAt: listings.updatedAt })
          .from(listings)
          .where(and(eq(listings.kind, "product"), eq(listings.status, "published")))
          .orderBy(asc(listings.id))
          .limit(LISTINGS_PER_SITEMAP)
          .offset(page * LISTINGS_PER_SITEMAP);
        return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
      }),
    ["sitemap-products", String(page)],
    { tags: [kindTag("product")], revalidate: 3600 },
  )();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function xmlResponse(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=0, s-maxage=3600",
    },
  });
}

export function urlSet(entries: readonly { loc: string; lastmod?: string }[]): string {
  const items = entries
    .map(
      (e) =>
        `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</urlset>\n`;
}

export function sitemapIndex(locs: readonly string[]): string {
  const items = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join("\n");
  return `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}
