import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { DiscountForm } from "@/components/backoffice/selling-terms/discount-form";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { discountLimits } from "@/lib/selling-terms/discount-schema";
import { createDiscountAction } from "../actions";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("sellingTerms.discountCreate");
  return { title: t("metaTitle") };
}

/** A new discount code (commerce.discount.write); once created, its own page opens. */
export default async function CreateDiscountPage({ params }: Params) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.discount.write", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { id, currency, timeZone } = gate.access.organisation;
  const [t, tf] = await Promise.all([
    getTranslations("sellingTerms.discountCreate"),
    getTranslations("sellingTerms.discountForm"),
  ]);
  const listPath = organisationPath(id, "/commerce/discount");
  return (
    <ScreenMessages scope="discounts">
      <PageHeader
        title={t("title")}
        description={t("intro", { currency, timeZone })}
        actions={
          <Link href={listPath} className={buttonVariants({ variant: "outline" })}>
            {tf("allCodes")}
          </Link>
        }
      />
      <DiscountForm
        organisationId={id}
        currency={currency}
        limits={discountLimits}
        action={createDiscountAction}
        readOnly={false}
        listPath={listPath}
      />
    </ScreenMessages>
  );
}
