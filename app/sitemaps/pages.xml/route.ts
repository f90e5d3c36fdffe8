import { defaultLocale } from "@/lib/i18n/config";
import { listDocs } from "@/lib/docs/docs";
import { siteOrigin } from "@/lib/seo/metadata";
import { sitemapEntries } from "@/lib/seo/sitemap-entries";
import { commerceSitemapPaths, urlSet, xmlResponse } from "@/lib/seo/sitemaps";

export const dynamic = "force-dynamic";

/** The content pages, the help articles and the commerce landing pages. */
export async function GET(): Promise<Response> {
  const origin = siteOrigin();
  const docs = await listDocs(defaultLocale);
  const pages = sitemapEntries(
    origin,
    docs.map((doc) => doc.slug),
  ).map((entry) => ({ loc: entry.url }));
  const commerce = commerceSitemapPaths().map((path) => ({
    loc: new URL(path, origin).toString(),
  }));
  return xmlResponse(urlSet([...pages, ...commerce]));
}
