import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthPanel } from "@/components/auth/auth-panel";
import { BillingNotice } from "@/components/billing/billing-notice";
import { CardForm } from "@/components/billing/card-form";
import { requireBillingUser } from "@/lib/billing/consumer-page";
import { consumerBillingPaths } from "@/lib/billing/paths";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing.create");
  return { title: t("metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Adds a card to the consumer's saved cards (a setup at the provider). */
export default async function CreatePaymentMethodPage({ searchParams }: Props) {
  const t = await getTranslations("billing.create");
  const owner = await requireBillingUser(consumerBillingPaths.create);
  const query = await searchParams;
  return (
    <AuthPanel title={t("title")} intro={t("intro")}>
      <BillingNotice done={undefined} error={query.error} />
      <CardForm
        owner={owner}
        paths={consumerBillingPaths}
        back={null}
        cancelHref={consumerBillingPaths.list}
      />
    </AuthPanel>
  );
}
