import type { MetadataRoute } from "next";
import { defaultLocale } from "@/lib/i18n/config";
import { listDocs } from "@/lib/docs/docs";
import { siteOrigin } from "@/lib/seo/metadata";
import { sitemapEntries } from "@/lib/seo/sitemap-entries";

// SITE_URL is read when serving, not baked in at build time.
export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const docs = await listDocs(defaultLocale);
  return sitemapEntries(
    siteOrigin(),
    docs.map((doc) => doc.slug),
  );
}
