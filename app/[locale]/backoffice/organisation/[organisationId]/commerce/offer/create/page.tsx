import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { OfferForm } from "@/components/backoffice/commerce/offer-form";
import { offerProductOptions } from "@/components/backoffice/commerce/offer-form-data";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { newOfferTimes, offerLimits } from "@/lib/commerce/offer-schema";
import { createOfferAction } from "../actions";

type Params = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("offers.create");
  return { title: t("metaTitle") };
}

/** A new offer (commerce.offer.write); once created, its own page opens. */
export default async function CreateOfferPage({ params }: Params) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.offer.write", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const { id, timeZone } = access.organisation;
  const [t, products] = await Promise.all([
    getTranslations("offers"),
    offerProductOptions(access.claims, id),
  ]);
  const listPath = organisationPath(id, "/commerce/offer");
  const defaults = newOfferTimes(timeZone);
  return (
    <ScreenMessages scope="offers">
      <PageHeader
        title={t("create.title")}
        description={t("create.intro", { timeZone })}
        actions={
          <Link href={listPath} className={buttonVariants({ variant: "outline" })}>
            {t("allOffers")}
          </Link>
        }
      />
      <OfferForm
        organisationId={id}
        products={products}
        defaults={defaults}
        limits={offerLimits}
        action={createOfferAction}
        readOnly={false}
        listPath={listPath}
      />
    </ScreenMessages>
  );
}
