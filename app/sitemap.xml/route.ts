import { absoluteUrl } from "@/lib/seo/metadata";
import {
  cachedPublishedProductCount,
  LISTINGS_PER_SITEMAP,
  sitemapIndex,
  xmlResponse,
} from "@/lib/seo/sitemaps";

// SITE_URL is read when serving, not baked in at build time.
export const dynamic = "force-dynamic";

/** The sitemap index: the pages' sitemap and the products' sitemaps (lib/seo/sitemaps.ts). */
export async function GET(): Promise<Response> {
  const products = await cachedPublishedProductCount();
  const files = Math.max(1, Math.ceil(products / LISTINGS_PER_SITEMAP));
  return xmlResponse(
    sitemapIndex([
      absoluteUrl("/sitemaps/pages.xml"),
      ...Array.from({ length: files }, (_, n) => absoluteUrl(`/sitemaps/products/${n}.xml`)),
    ]),
  );
}
