import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AttributeForm } from "@/components/backoffice/commerce/attribute-form";
import { ProductHeader } from "@/components/backoffice/commerce/product-header";
import { ModuleOff } from "@/components/backoffice/module-off";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { loadProductScreen } from "@/lib/commerce/product-page";
import { catalogueLimits } from "@/lib/commerce/product-schema";
import { deleteAttributeAction, updateAttributeAction } from "../../../actions";

type Params = {
  params: Promise<{ organisationId: string; productId: string; attributeName: string }>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.attributes");
  return { title: t("editMetaTitle") };
}

/** One attribute, by name: edit or remove it (read-only without commerce.product.write). */
export default async function AttributePage({ params }: Params) {
  const screen = await loadProductScreen(params);
  if (screen.moduleOff)
    return <ModuleOff organisationId={screen.organisationId} module="commerce" />;
  const { access, product, listPath, productPath } = screen;
  let name: string;
  try {
    name = decodeURIComponent((await params).attributeName);
  } catch {
    notFound();
  }
  const attribute = product.attributes.find((a) => a.name.toLowerCase() === name.toLowerCase());
  if (!attribute) notFound();
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
      <h2 className="mb-4 text-lg font-semibold">{t("editTitle", { name: attribute.name })}</h2>
      <AttributeForm
        organisationId={access.organisation.id}
        productId={product.id}
        originalName={attribute.name}
        attribute={{
          name: attribute.name,
          type: attribute.type,
          value: Array.isArray(attribute.value)
            ? attribute.value.join("\n")
            : String(attribute.value),
          unit: attribute.unit ?? "",
          choices: (attribute.choices ?? []).join("\n"),
        }}
        action={updateAttributeAction}
        deleteAction={deleteAttributeAction}
        readOnly={!access.can("commerce.product.write")}
        limits={catalogueLimits}
        attributesPath={`${productPath}/attributes`}
      />
    </ScreenMessages>
  );
}
