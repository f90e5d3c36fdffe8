import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CommerceIndex, commerceIndexMetadata } from "@/components/storefront/commerce-index";
import { OffersIndex, offersIndexMetadata } from "@/components/storefront/offers-index";
import { ProductLanding, productLandingMetadata } from "@/components/storefront/product-landing";
import { pageLocale } from "@/lib/i18n/page-locale";
import { parseProductSearch } from "@/lib/listings/product-search-params";
import { isCachedCommerceView, type CachedCommerceView } from "@/lib/routes/cached-pages";

/**
 * The commerce pages cached at run time (lib/routes/cached-pages.ts): `/commerce` (view
 * `index`), `/commerce/product` (view `products`) and each category's landing page without
 * filters (view = the category), and `/commerce/offer` (view `offers`). Nothing is rendered at
 * build time (no database then): each is rendered on its first visit, kept in Next's cache and
 * rendered again when a listing write expires the products' tag, or after an hour at the
 * latest; the offers view after a minute (its data is cached for a minute, which shortens the
 * page's lifetime: offers start and end by the clock), or at once when an offer write expires
 * the `offers` tag. These views have no public
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

function stateOf(view: Exclude<CachedCommerceView, "index" | "offers">) {
  return parseProductSearch(view === "products" ? {} : { category: view });
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const view = await viewOf(params);
  if (view === "index") return commerceIndexMetadata();
  if (view === "offers") return offersIndexMetadata();
  return productLandingMetadata(stateOf(view));
}

export default async function CachedCommercePage({ params }: { params: Params }) {
  const view = await viewOf(params);
  if (view === "index") return <CommerceIndex />;
  if (view === "offers") return <OffersIndex />;
  return <ProductLanding state={stateOf(view)} />;
}
