import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ProductHeader } from "@/components/backoffice/commerce/product-header";
import { ModuleOff } from "@/components/backoffice/module-off";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { loadProductScreen } from "@/lib/commerce/product-page";

type Params = { params: Promise<{ organisationId: string; productId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("commerce.attributes");
  return { title: t("metaTitle") };
}

/** A product's typed attributes: what the public page's table shows and its filters use. */
export default async function AttributesPage({ params }: Params) {
  const screen = await loadProductScreen(params);
  if (screen.moduleOff)
    return <ModuleOff organisationId={screen.organisationId} module="commerce" />;
  const { access, product, listPath, productPath } = screen;
  const [t, tf] = await Promise.all([
    getTranslations("commerce.attributes"),
    getTranslations("commerce.attributeForm"),
  ]);
  const base = `${productPath}/attributes`;
  const canWrite = access.can("commerce.product.write");
  return (
    <>
      <ProductHeader
        title={product.title}
        status={product.status}
        productPath={productPath}
        listPath={listPath}
        current="attributes"
        actions={
          canWrite ? (
            <Link href={`${base}/create`} className={buttonVariants({ variant: "primary" })}>
              <Icon name="plus" aria-hidden className="size-4" />
              {t("create")}
            </Link>
          ) : null
        }
      />
      <p className="mb-4 text-sm text-muted-foreground">{t("intro")}</p>
      {product.attributes.length === 0 ? (
        <EmptyState title={t("emptyTitle")} description={t("emptyBody")} headingLevel="h2" />
      ) : (
        <div className="relative overflow-x-auto rounded-card border border-border">
          <table className="bo-table bo-table-hover">
            <caption className="sr-only">{t("caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("columnName")}</th>
                <th scope="col">{t("columnType")}</th>
                <th scope="col">{t("columnValue")}</th>
              </tr>
            </thead>
            <tbody>
              {product.attributes.map((attribute) => (
                <tr key={attribute.id}>
                  <th scope="row">
                    <Link
                      href={`${base}/${encodeURIComponent(attribute.name)}`}
                      className="font-medium text-primary-text underline-offset-4 hover:underline"
                    >
                      {attribute.name}
                    </Link>
                  </th>
                  <td>{tf(`types.${attribute.type}`)}</td>
                  <td className="break-words">
                    {attribute.type === "colour" ? (
                      <span
                        aria-hidden
                        className="mr-2 inline-block size-3 rounded-full border border-border align-middle"
                        style={{ backgroundColor: String(attribute.value) }}
                      />
                    ) : null}
                    {Array.isArray(attribute.value)
                      ? attribute.value.join(", ")
                      : typeof attribute.value === "boolean"
                        ? tf(attribute.value ? "yes" : "no")
                        : `${attribute.value}${attribute.unit ? ` ${attribute.unit}` : ""}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
