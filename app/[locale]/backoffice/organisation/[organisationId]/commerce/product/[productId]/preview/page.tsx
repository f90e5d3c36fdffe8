import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ModuleOff } from "@/components/backoffice/module-off";
import { ProductView } from "@/components/storefront/product-view";
import { Icon } from "@/components/ui/icon";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { productPreview } from "@/lib/listings/public-products";

type Params = { params: Promise<{ organisationId: string; productId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.preview");
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/**
 * A product's page as shoppers will see it, in whatever status it is (a draft before it is
 * published, a change before it is saved elsewhere): the public page's own view, read as the
 * member and never cached. Reviews and the seller's actions are left out.
 */
export default async function ProductPreviewPage({ params }: Params) {
  const { organisationId, productId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const product = await productPreview(access.claims, access.organisation.id, productId);
  if (!product) notFound();
  const t = await getTranslations("commerce.preview");
  const productPath = organisationPath(access.organisation.id, `/commerce/product/${product.id}`);
  const published = product.status === "published";
  return (
    <ProductView
      product={product}
      banner={
        <div
          role="note"
          className="mb-6 flex flex-col gap-2 rounded-card border border-primary/40 bg-surface-2 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm">
            <span className="font-semibold">{t("title")}</span>{" "}
            {published ? t("published") : t("notPublished")}
          </p>
          <div className="flex flex-wrap gap-3 text-sm">
            <Link href={productPath} className="text-primary-text underline underline-offset-4">
              <Icon name="arrow-left" aria-hidden className="mr-1 inline size-4 align-[-3px]" />
              {t("back")}
            </Link>
            {published ? (
              <Link
                href={`/commerce/product/${product.id}`}
                className="text-primary-text underline underline-offset-4"
              >
                {t("public")}
              </Link>
            ) : null}
          </div>
        </div>
      }
    />
  );
}
