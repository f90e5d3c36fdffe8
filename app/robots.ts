import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/lib/seo/metadata";
import { DISALLOWED_PATHS } from "@/lib/seo/sitemap-entries";

// SITE_URL is read when serving, not baked in at build time.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: [...DISALLOWED_PATHS] },
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
