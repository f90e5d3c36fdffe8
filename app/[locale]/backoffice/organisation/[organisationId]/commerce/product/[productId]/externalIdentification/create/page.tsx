import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ExternalIdForm } from "@/components/backoffice/commerce/external-id-form";
import { ProductHeader } from "@/components/backoffice/commerce/product-header";
import { ModuleOff } from "@/components/backoffice/module-off";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { loadProductScreen } from "@/lib/commerce/product-page";
import { createExternalIdAction } from "../../../actions";

type Params = { params: Promise<{ organisationId: string; productId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.externalIds");
  return { title: t("createMetaTitle") };
}

/** A new external identification of the product. */
export default async function CreateExternalIdPage({ params }: Params) {
  const screen = await loadProductScreen(params, "commerce.product.write");
  if (screen.moduleOff)
    return <ModuleOff organisationId={screen.organisationId} module="commerce" />;
  const { access, product, listPath, productPath } = screen;
  const t = await getTranslations("commerce.externalIds");
  return (
    <ScreenMessages scope="externalId">
      <ProductHeader
        title={product.title}
        status={product.status}
        productPath={productPath}
        listPath={listPath}
        current="externalIdentification"
      />
      <h2 className="mb-4 text-lg font-semibold">{t("createTitle")}</h2>
      <ExternalIdForm
        organisationId={access.organisation.id}
        productId={product.id}
        action={createExternalIdAction}
        readOnly={false}
        listPath={`${productPath}/externalIdentification`}
      />
    </ScreenMessages>
  );
}
