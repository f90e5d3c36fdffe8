import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BrandForm } from "@/components/backoffice/commerce/brand-form";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { catalogueLimits } from "@/lib/commerce/product-schema";
import { createBrandAction } from "../actions";

type Params = { params: Promise<{ organisationId: string }> };

const { brandName, brandDescription, url } = catalogueLimits;
const limits = { brandName, brandDescription, url };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("brands.create");
  return { title: t("metaTitle") };
}

/** A new brand (commerce.brand.write); once created, its own page opens. */
export default async function CreateBrandPage({ params }: Params) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.brand.write", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const t = await getTranslations("brands");
  const listPath = organisationPath(access.organisation.id, "/commerce/brand");
  return (
    <ScreenMessages scope="brands">
      <PageHeader
        title={t("create.title")}
        description={t("create.intro")}
        actions={
          <Link href={listPath} className={buttonVariants({ variant: "outline" })}>
            {t("allBrands")}
          </Link>
        }
      />
      <BrandForm
        organisationId={access.organisation.id}
        limits={limits}
        action={createBrandAction}
        readOnly={false}
        listPath={listPath}
      />
    </ScreenMessages>
  );
}
