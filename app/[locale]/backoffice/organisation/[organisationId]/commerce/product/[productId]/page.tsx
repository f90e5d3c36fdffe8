import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ProductActions } from "@/components/backoffice/commerce/product-actions";
import { ProductForm } from "@/components/backoffice/commerce/product-form";
import { ProductHeader } from "@/components/backoffice/commerce/product-header";
import { ProductLocation } from "@/components/backoffice/commerce/product-location";
import { ModuleOff } from "@/components/backoffice/module-off";
import { buttonVariants } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { brandOptions } from "@/lib/commerce/brands";
import { productFormOptions } from "@/lib/commerce/form-options";
import { getProduct } from "@/lib/commerce/products";
import { catalogueLimits } from "@/lib/commerce/product-schema";
import { GalleryEditor } from "@/components/backoffice/listings/gallery-editor";
import { listingGalleryFor } from "@/lib/listings/gallery";
import { GALLERY_MAX_IMAGES, LISTING_IMAGE_MAX_BYTES } from "@/lib/listings/gallery-rules";
import {
  duplicateProductAction,
  moveImageAction,
  removeImageAction,
  setImageAltTextAction,
  setProductLocationAction,
  setProductStatusAction,
  updateProductAction,
} from "../actions";

type Params = { params: Promise<{ organisationId: string; productId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.product");
  return { title: t("editMetaTitle") };
}

/**
 * One product's details: the listing's fields (read-only without commerce.product.write),
 * what is missing before it can be published, its status buttons and "Duplicate", and its
 * location (saved on its own).
 */
export default async function ProductPage({ params }: Params) {
  const { organisationId, productId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const product = await getProduct(access.claims, access.organisation.id, productId);
  if (!product) notFound();
  const [t, tm, tp, options, brands, images] = await Promise.all([
    getTranslations("commerce.product"),
    getTranslations("commerce.missing"),
    getTranslations("commerce.preview"),
    productFormOptions(),
    brandOptions(access.claims, access.organisation.id),
    listingGalleryFor(access.claims, product.id),
  ]);
  const listPath = organisationPath(access.organisation.id, "/commerce/product");
  const canWrite = access.can("commerce.product.write");
  return (
    <ScreenMessages scope="product">
      <ProductHeader
        title={product.title}
        status={product.status}
        productPath={`${listPath}/${product.id}`}
        listPath={listPath}
        current="details"
        actions={
          <div className="flex flex-wrap items-start gap-2">
            <Link
              href={`${listPath}/${product.id}/preview`}
              className={buttonVariants({ variant: "outline" })}
            >
              <Icon name="eye" aria-hidden />
              {tp("open")}
            </Link>
            {canWrite ? (
              <ProductActions
                organisationId={access.organisation.id}
                productId={product.id}
                version={product.version}
                status={product.status}
                canPublish={access.can("commerce.product.publish")}
                ready={product.missing.length === 0}
                statusAction={setProductStatusAction}
                duplicateAction={duplicateProductAction}
                productPath={listPath}
              />
            ) : null}
          </div>
        }
      />
      {product.status !== "published" && product.missing.length > 0 ? (
        <section
          aria-labelledby="publish-checks"
          className="mb-6 rounded-card border border-border bg-surface-2 p-4"
        >
          <h2 id="publish-checks" className="font-semibold">
            {t("missingTitle")}
          </h2>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {product.missing.map((check) => (
              <li key={check}>{tm(check)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <ProductForm
        organisationId={access.organisation.id}
        product={product}
        action={updateProductAction}
        readOnly={!canWrite}
        limits={catalogueLimits}
        categories={options.categories}
        taxClasses={options.taxClasses}
        brands={brands.map((b) => ({ value: b.id, label: b.name }))}
        currency={product.currency}
        productPath={listPath}
      />
      <GalleryEditor
        organisationId={access.organisation.id}
        listingId={product.id}
        uploadUrl={`/api/organisations/${access.organisation.id}/products/${product.id}/images`}
        images={images}
        max={GALLERY_MAX_IMAGES}
        maxBytes={LISTING_IMAGE_MAX_BYTES}
        canWrite={canWrite && access.can("storage.file.write")}
        canRemove={canWrite && access.can("storage.file.delete")}
        altTextAction={setImageAltTextAction}
        moveAction={moveImageAction}
        removeAction={removeImageAction}
      />
      <ProductLocation access={access} productId={product.id} action={setProductLocationAction} />
    </ScreenMessages>
  );
}
