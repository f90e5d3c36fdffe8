import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JsonLd } from "@/components/storefront/breadcrumbs";
import { ProductReviews } from "@/components/storefront/product-reviews";
import { ProductView } from "@/components/storefront/product-view";
import { cachedPublicProduct, type PublicProduct } from "@/lib/listings/public-products";
import { absoluteUrl, pageMetadata } from "@/lib/seo/metadata";
import { productJsonLd } from "@/lib/seo/product-json-ld";
import { cachedListingReviews } from "@/lib/reviews/reviews";
import { deleteReviewAction, updateReviewAction, writeReviewAction } from "./actions";

type Props = { params: Promise<{ productId: string }> };

async function load(props: Props): Promise<PublicProduct> {
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
