import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JsonLd } from "@/components/storefront/breadcrumbs";
import { ProductReviews } from "@/components/storefront/product-reviews";
import { ProductView } from "@/components/storefront/product-view";
import { pageLocale } from "@/lib/i18n/page-locale";
import { cachedPublicProduct, type PublicProduct } from "@/lib/listings/public-products";
import { absoluteUrl, pageMetadata } from "@/lib/seo/metadata";
import { productJsonLd } from "@/lib/seo/product-json-ld";
import { cachedListingReviews } from "@/lib/reviews/reviews";
import { deleteReviewAction, updateReviewAction, writeReviewAction } from "./actions";

/**
 * Cached at run time (lib/routes/cached-pages.ts): nothing at build time (no database then),
 * each product's page rendered on its first visit and again when a write expires its tag
 * (`listing:<id>`), or after an hour at the latest. The page reads no request: the review form
 * asks for the person in the browser (components/storefront/own-review.tsx).
 */
export const revalidate = 3600;

export function generateStaticParams(): { productId: string }[] {
  return [];
}

type Props = { params: Promise<{ locale: string; productId: string }> };

async function load(props: Props): Promise<PublicProduct> {
  await pageLocale(props.params);
  const product = await cachedPublicProduct((await props.params).productId);
  if (!product) notFound();
  return product;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const product = await load(props);
  return pageMetadata({
    path: `/commerce/product/${product.id}`,
    title: product.title,
    description: product.summary || product.title,
    image: product.images[0]
      ? {
          path: product.images[0].url,
          width: product.images[0].width,
          height: product.images[0].height,
          alt: product.images[0].alt || product.title,
        }
      : null,
  });
}

/** A product's public page (components/storefront/product-view.tsx) with its reviews. */
export default async function ProductPage(props: Props) {
  const product = await load(props);
  return (
    <ProductView
      product={product}
      buyable
      structuredData={
        <JsonLd
          data={productJsonLd(
            product,
            absoluteUrl(`/commerce/product/${product.id}`),
            await cachedListingReviews(product.id),
          )}
        />
      }
      reviews={
        <ProductReviews
          product={product}
          actions={{
            write: writeReviewAction,
            update: updateReviewAction,
            remove: deleteReviewAction,
          }}
        />
      }
    />
  );
}
