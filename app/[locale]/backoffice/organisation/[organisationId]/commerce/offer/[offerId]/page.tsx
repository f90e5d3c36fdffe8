import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { OfferForm } from "@/components/backoffice/commerce/offer-form";
import { offerProductOptions } from "@/components/backoffice/commerce/offer-form-data";
import { OfferStateBadge } from "@/components/backoffice/commerce/offer-state-badge";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { currencyDigits, fromMinorUnits } from "@/lib/commerce/money";
import { instantToLocalTime, offerLimits } from "@/lib/commerce/offer-schema";
import { getOffer } from "@/lib/commerce/offers";
import { deleteOfferAction, endOfferAction, updateOfferAction } from "../actions";

type Params = { params: Promise<{ organisationId: string; offerId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("offers.edit");
  return { title: t("metaTitle") };
}

/** One offer: edit (version check), end now or delete with commerce.offer.write, else read-only. */
export default async function OfferPage({ params }: Params) {
  const { organisationId, offerId } = await params;
  const gate = await gatePage(organisationId, "commerce.product.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const { id, timeZone } = access.organisation;
  const offer = await getOffer(access.claims, id, offerId);
  if (!offer) notFound();
  const [t, products] = await Promise.all([
    getTranslations("offers"),
    offerProductOptions(access.claims, id),
  ]);
  const listPath = organisationPath(id, "/commerce/offer");
  const local = (date: Date) => instantToLocalTime(date, timeZone);
  return (
    <ScreenMessages scope="offers">
      <PageHeader
        title={offer.title}
        description={t("edit.intro", { timeZone })}
        actions={
          <>
            <OfferStateBadge state={offer.state} />
            <Link href={listPath} className={buttonVariants({ variant: "outline" })}>
              {t("allOffers")}
            </Link>
          </>
        }
      />
      <OfferForm
        organisationId={id}
        offer={{
          id: offer.id,
          version: offer.version,
          listingId: offer.listingId,
          title: offer.title,
          kind: offer.kind,
          value:
            offer.kind === "percentage"
              ? String(offer.value)
              : fromMinorUnits(offer.value, currencyDigits(offer.currency)),
          startsAt: local(offer.startsAt),
          endsAt: local(offer.endsAt),
          usageLimit: offer.usageLimit === null ? "" : String(offer.usageLimit),
          used: offer.used,
          endable: offer.state !== "ended",
        }}
        products={products}
        defaults={{ startsAt: local(offer.startsAt), endsAt: local(offer.endsAt) }}
        limits={offerLimits}
        action={updateOfferAction}
        endAction={endOfferAction}
        deleteAction={deleteOfferAction}
        readOnly={!access.can("commerce.offer.write")}
        listPath={listPath}
      />
    </ScreenMessages>
  );
}
