import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { BrandForm } from "@/components/backoffice/commerce/brand-form";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { getBrand } from "@/lib/commerce/brands";
import { catalogueLimits } from "@/lib/commerce/product-schema";
import { deleteBrandAction, updateBrandAction } from "../actions";

type Params = { params: Promise<{ organisationId: string; brandId: string }> };

const { brandName, brandDescription, url } = catalogueLimits;
const limits = { brandName, brandDescription, url };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("brands.edit");
  return { title: t("metaTitle") };
}

/** One brand: edit (version check) or delete with commerce.brand.write, else read-only. */
export default async function BrandPage({ params }: Params) {
  const { organisationId, brandId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const brand = await getBrand(access.claims, access.organisation.id, brandId);
  if (!brand) notFound();
  const t = await getTranslations("brands");
  const canWrite = access.can("commerce.brand.write");
  const listPath = organisationPath(access.organisation.id, "/commerce/brand");
  return (
    <ScreenMessages scope="brands">
      <PageHeader
        title={brand.name}
        description={t("edit.usage", { count: brand.products })}
        actions={
          <Link href={listPath} className={buttonVariants({ variant: "outline" })}>
            {t("allBrands")}
          </Link>
        }
      />
      <BrandForm
        organisationId={access.organisation.id}
        brand={brand}
        limits={limits}
        action={updateBrandAction}
        deleteAction={deleteBrandAction}
        readOnly={!canWrite}
        listPath={listPath}
      />
    </ScreenMessages>
  );
}
