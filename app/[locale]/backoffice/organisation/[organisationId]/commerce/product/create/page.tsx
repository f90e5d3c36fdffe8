import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProductForm } from "@/components/backoffice/commerce/product-form";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { brandOptions } from "@/lib/commerce/brands";
import { productFormOptions } from "@/lib/commerce/form-options";
import { catalogueLimits } from "@/lib/commerce/product-schema";
import { createProductAction } from "../actions";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.product");
  return { title: t("createMetaTitle") };
}

/** A new product: a draft with one variant at the price given; options come after. */
export default async function CreateProductPage({ params }: Params) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.write", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const [t, options, brands] = await Promise.all([
    getTranslations("commerce.product"),
    productFormOptions(),
    brandOptions(access.claims, access.organisation.id),
  ]);
  return (
    <ScreenMessages scope="product">
      <PageHeader title={t("createTitle")} description={t("createIntro")} />
      <ProductForm
        organisationId={access.organisation.id}
        product={{
          title: "",
          slug: "",
          summary: "",
          description: "",
          category: "electronics",
          brandId: null,
          taxClass: "standard",
          tags: [],
        }}
        action={createProductAction}
        readOnly={false}
        limits={catalogueLimits}
        categories={options.categories}
        taxClasses={options.taxClasses}
        brands={brands.map((b) => ({ value: b.id, label: b.name }))}
        currency={access.organisation.currency}
        productPath={organisationPath(access.organisation.id, "/commerce/product")}
      />
    </ScreenMessages>
  );
}
