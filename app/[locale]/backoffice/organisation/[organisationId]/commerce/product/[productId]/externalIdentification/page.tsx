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
  const t = await getTranslations("commerce.externalIds");
  return { title: t("metaTitle") };
}

/** A product's external identifications (GTIN, EAN, UPC, ISBN, MPN). */
export default async function ExternalIdsPage({ params }: Params) {
  const screen = await loadProductScreen(params);
  if (screen.moduleOff)
    return <ModuleOff organisationId={screen.organisationId} module="commerce" />;
  const { access, product, listPath, productPath } = screen;
  const [t, tf] = await Promise.all([
    getTranslations("commerce.externalIds"),
    getTranslations("commerce.externalIdForm"),
  ]);
  const base = `${productPath}/externalIdentification`;
  return (
    <>
      <ProductHeader
        title={product.title}
        status={product.status}
        productPath={productPath}
        listPath={listPath}
        current="externalIdentification"
        actions={
          access.can("commerce.product.write") ? (
            <Link href={`${base}/create`} className={buttonVariants({ variant: "primary" })}>
              <Icon name="plus" aria-hidden className="size-4" />
              {t("create")}
            </Link>
          ) : null
        }
      />
      <p className="mb-4 text-sm text-muted-foreground">{t("intro")}</p>
      {product.externalIds.length === 0 ? (
        <EmptyState title={t("emptyTitle")} description={t("emptyBody")} headingLevel="h2" />
      ) : (
        <div className="relative overflow-x-auto rounded-card border border-border">
          <table className="bo-table bo-table-hover">
            <caption className="sr-only">{t("caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("columnType")}</th>
                <th scope="col">{t("columnValue")}</th>
              </tr>
            </thead>
            <tbody>
              {product.externalIds.map((id) => (
                <tr key={id.id}>
                  <th scope="row">{tf(`types.${id.type}`)}</th>
                  <td>
                    <Link
                      href={`${base}/${id.id}`}
                      className="font-mono text-primary-text underline-offset-4 hover:underline"
                    >
                      {id.value}
                    </Link>
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
