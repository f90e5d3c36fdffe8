import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ExternalIdForm } from "@/components/backoffice/commerce/external-id-form";
import { ProductHeader } from "@/components/backoffice/commerce/product-header";
import { ModuleOff } from "@/components/backoffice/module-off";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { loadProductScreen } from "@/lib/commerce/product-page";
import { deleteExternalIdAction, updateExternalIdAction } from "../../../actions";

type Params = {
  params: Promise<{
    organisationId: string;
    productId: string;
    productExternalIdentificationId: string;
  }>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.externalIds");
  return { title: t("editMetaTitle") };
}

/** One external identification: edit or remove it (read-only without commerce.product.write). */
export default async function ExternalIdPage({ params }: Params) {
  const screen = await loadProductScreen(params);
  if (screen.moduleOff)
    return <ModuleOff organisationId={screen.organisationId} module="commerce" />;
  const { access, product, listPath, productPath } = screen;
  const { productExternalIdentificationId: id } = await params;
  const externalId = product.externalIds.find((e) => e.id === id);
  if (!externalId) notFound();
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
      <h2 className="mb-4 text-lg font-semibold">{t("editTitle")}</h2>
      <ExternalIdForm
        organisationId={access.organisation.id}
        productId={product.id}
        externalId={externalId}
        action={updateExternalIdAction}
        deleteAction={deleteExternalIdAction}
        readOnly={!access.can("commerce.product.write")}
        listPath={`${productPath}/externalIdentification`}
      />
    </ScreenMessages>
  );
}
