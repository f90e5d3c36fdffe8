import "server-only";
import type { Metadata } from "next";
import { env } from "@/lib/env";

export interface PageMetadataInput {
  /** The page's own path (`/docs/getting-started`), without query or hash. */
  path: string;
  title: string;
  description: string;
}

/** The absolute URL of a path on this site, from SITE_URL. */
export function absoluteUrl(path: string): string {
  return new URL(path, siteOrigin()).toString();
}

/** SITE_URL's origin (no trailing slash). */
export function siteOrigin(): string {
  return new URL(env().SITE_URL).origin;
}

/**
 * The metadata of one page: title, description, the canonical link (spec §2: one per page)
 * and the Open Graph basics. Every page's `generateMetadata` returns this.
 */
export function pageMetadata({ path, title, description }: PageMetadataInput): Metadata {
  const url = absoluteUrl(path);
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: { type: "website", url, title, description },
  };
}
