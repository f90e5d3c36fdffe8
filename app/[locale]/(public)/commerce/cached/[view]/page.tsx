import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CommerceIndex, commerceIndexMetadata } from "@/components/storefront/commerce-index";
import { ProductLanding, productLandingMetadata } from "@/components/storefront/product-landing";
import { pageLocale } from "@/lib/i18n/page-locale";
import { parseProductSearch } from "@/lib/listings/product-search-params";
import { isCachedCommerceView, type CachedCommerceView } from "@/lib/routes/cached-pages";

/**
 * The commerce pages cached at run time (lib/routes/cached-pages.ts): `/commerce` (view
 * `index`), `/commerce/product` (view `products`) and each category's landing page without
 * filters (view = the category). Nothing is rendered at build time (no database then): each is
 * rendered on its first visit, kept in Next's cache and rendered again when a listing write
 * expires the products' tag, or after an hour at the latest. These views have no public
 * address of their own: the proxy rewrites the public URLs here.
 */
export const revalidate = 3600;

type Params = Promise<{ locale: string; view: string }>;

export function generateStaticParams(): { view: string }[] {
  return [];
}

async function viewOf(params: Params): Promise<CachedCommerceView> {
  await pageLocale(params);
  const { view } = await params;
  if (!isCachedCommerceView(view)) notFound();
  return view;
}

function stateOf(view: Exclude<CachedCommerceView, "index">) {
  return parseProductSearch(view === "products" ? {} : { category: view });
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const view = await viewOf(params);
  return view === "index" ? commerceIndexMetadata() : productLandingMetadata(stateOf(view));
}

export default async function CachedCommercePage({ params }: { params: Params }) {
  const view = await viewOf(params);
  return view === "index" ? <CommerceIndex /> : <ProductLanding state={stateOf(view)} />;
}
