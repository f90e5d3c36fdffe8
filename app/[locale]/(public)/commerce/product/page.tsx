import type { Metadata } from "next";
import { ProductLanding, productLandingMetadata } from "@/components/storefront/product-landing";
import { parseProductSearch } from "@/lib/listings/product-search-params";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * `/commerce/product` with filters, a sort or a page: rendered per request from the URL's
 * state. Without them (a category's first page) the proxy serves the cached view instead
 * (`commerce/cached/[view]`, lib/routes/cached-pages.ts).
 */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return productLandingMetadata(parseProductSearch(await searchParams));
}

export default async function ProductLandingPage({ searchParams }: Props) {
  return <ProductLanding state={parseProductSearch(await searchParams)} />;
}
