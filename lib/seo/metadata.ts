import "server-only";
import type { Metadata } from "next";
import { env } from "@/lib/env";

export interface PageMetadataInput {
  /** The page's own path (`/docs/getting-started`), without query or hash. */
  path: string;
  title: string;
  description: string;
  /** The page's picture for shares (a listing's cover): a path on this site and its size. */
  image?: { path: string; width: number; height: number; alt: string } | null;
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
 * and the Open Graph and Twitter cards (with the page's picture when it has one). Every page's `generateMetadata` returns this.
 */
export function pageMetadata({ path, title, description, image }: PageMetadataInput): Metadata {
  const url = absoluteUrl(path);
  const images = image
    ? [{ url: absoluteUrl(image.path), width: image.width, height: image.height, alt: image.alt }]
    : undefined;
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: { type: "website", url, title, description, images },
    twitter: {
      card: image ? "summary_large_image" : "summary",
      title,
      description,
      images,
    },
  };
}
