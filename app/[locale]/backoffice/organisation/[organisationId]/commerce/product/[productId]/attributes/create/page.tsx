import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AttributeForm } from "@/components/backoffice/commerce/attribute-form";
import { ProductHeader } from "@/components/backoffice/commerce/product-header";
import { ModuleOff } from "@/components/backoffice/module-off";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { loadProductScreen } from "@/lib/commerce/product-page";
import { catalogueLimits } from "@/lib/commerce/product-schema";
import { createAttributeAction } from "../../../actions";

type Params = { params: Promise<{ organisationId: string; productId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.attributes");
  return { title: t("createMetaTitle") };
}

/** A new attribute of the product. */
export default async function CreateAttributePage({ params }: Params) {
  const screen = await loadProductScreen(params, "commerce.product.write");
  if (screen.moduleOff)
    return <ModuleOff organisationId={screen.organisationId} module="commerce" />;
  const { access, product, listPath, productPath } = screen;
  const t = await getTranslations("commerce.attributes");
  return (
    <ScreenMessages scope="attribute">
      <ProductHeader
        title={product.title}
        status={product.status}
        productPath={productPath}
        listPath={listPath}
        current="attributes"
      />
      <h2 className="mb-4 text-lg font-semibold">{t("createTitle")}</h2>
      <AttributeForm
        organisationId={access.organisation.id}
        productId={product.id}
        attribute={{ name: "", type: "text", value: "", unit: "", choices: "" }}
        action={createAttributeAction}
        readOnly={false}
        limits={catalogueLimits}
        attributesPath={`${productPath}/attributes`}
      />
    </ScreenMessages>
  );
}
