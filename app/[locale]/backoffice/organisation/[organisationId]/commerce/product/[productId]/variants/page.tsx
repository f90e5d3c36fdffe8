import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ProductHeader } from "@/components/backoffice/commerce/product-header";
import { VariantsEditor } from "@/components/backoffice/commerce/variants-editor";
import { ModuleOff } from "@/components/backoffice/module-off";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { currencyDigits, fromMinorUnits } from "@/lib/commerce/money";
import { getProduct } from "@/lib/commerce/products";
import { catalogueLimits } from "@/lib/commerce/product-schema";
import { saveVariantsAction } from "../../actions";

type Params = { params: Promise<{ organisationId: string; productId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.variants");
  return { title: t("metaTitle") };
}

/** A product's options and variants (prices, compare-at prices, SKUs, stock). */
export default async function VariantsPage({ params }: Params) {
  const { organisationId, productId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const product = await getProduct(access.claims, access.organisation.id, productId);
  if (!product) notFound();
  const listPath = organisationPath(access.organisation.id, "/commerce/product");
  const digits = currencyDigits(product.currency);
  return (
    <ScreenMessages scope="variants">
      <ProductHeader
        title={product.title}
        status={product.status}
        productPath={`${listPath}/${product.id}`}
        listPath={listPath}
        current="variants"
      />
      <VariantsEditor
        organisationId={access.organisation.id}
        productId={product.id}
        version={product.version}
        options={product.options}
        variants={product.variants.map((v) => ({
          optionValues: v.optionValues,
          sku: v.sku ?? "",
          price: fromMinorUnits(v.priceMinor, digits),
          compareAt: v.compareAtMinor === null ? "" : fromMinorUnits(v.compareAtMinor, digits),
          trackStock: v.trackStock,
          stock: v.stock === null ? "" : String(v.stock),
        }))}
        currency={product.currency}
        action={saveVariantsAction}
        readOnly={!access.can("commerce.product.write")}
        limits={catalogueLimits}
      />
    </ScreenMessages>
  );
}
