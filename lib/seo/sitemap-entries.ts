import type { MetadataRoute } from "next";

/**
 * The public pages that exist and are worth indexing. Product areas join this list when
 * their public pages are built (commerce, for one); pages behind sign-in never do.
 */
export const SITEMAP_PATHS = [
  "/",
  "/about",
  "/terms",
  "/privacy",
  "/partners",
  "/contact",
  "/docs",
  "/linkpage",
] as const;

/** Paths crawlers are asked to stay away from: developer tools, private areas, the API. */
export const DISALLOWED_PATHS = ["/dev", "/backoffice", "/profile", "/api"] as const;

/** The sitemap for a site origin and the slugs of its help articles. */
export function sitemapEntries(origin: string, docSlugs: readonly string[]): MetadataRoute.Sitemap {
  const paths = [...SITEMAP_PATHS, ...docSlugs.map((slug) => `/docs/${slug}`)];
  return paths.map((path) => ({
    url: new URL(path, origin).toString(),
    changeFrequency: path.startsWith("/docs") || path === "/" ? "weekly" : "monthly",
    priority: path === "/" ? 1 : path.startsWith("/docs") ? 0.6 : 0.5,
  }));
}
