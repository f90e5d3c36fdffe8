import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BillingNotice } from "@/components/billing/billing-notice";
import { CardForm } from "@/components/billing/card-form";
import { PageHeader } from "@/components/backoffice/page-header";
import { gatePage } from "@/lib/backoffice/doors";
import { purchaseReturnSchema } from "@/lib/billing/card-schema";
import { organisationBillingPaths, purchasePath } from "@/lib/billing/paths";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing.create");
  return { title: t("metaTitle") };
}

/**
 * Adds a card to the organisation (billing.account.write). `?module=&tier=`: the purchase
 * page to come back to once the card is saved (only a tier's purchase page, never a URL).
 */
export default async function OrganisationCreatePaymentMethodPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const { access } = await gatePage(organisationId, "billing.account.write");
  const id = access.organisation.id;
  const [t, query] = await Promise.all([getTranslations("billing.create"), searchParams]);
  const back = purchaseReturnSchema.parse({ module: query.module, tier: query.tier });
  const paths = organisationBillingPaths(id);
  return (
    <>
      <PageHeader title={t("title")} description={t("intro")} />
      <BillingNotice done={undefined} error={query.error} />
      <div className="max-w-xl">
        <CardForm
          owner={{ kind: "organisation", organisationId: id }}
          paths={paths}
          back={back}
          cancelHref={back ? purchasePath(id, back) : paths.list}
        />
      </div>
    </>
  );
}
