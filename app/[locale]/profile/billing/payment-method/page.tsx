import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthPanel } from "@/components/auth/auth-panel";
import { BackLink } from "@/components/billing/back-link";
import { BillingNotice } from "@/components/billing/billing-notice";
import { MethodList } from "@/components/billing/method-list";
import { requireBillingUser } from "@/lib/billing/consumer-page";
import { listSavedMethods } from "@/lib/billing/methods";
import { consumerBillingPaths } from "@/lib/billing/paths";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing.methods");
  return { title: t("metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The consumer's saved cards: make default, remove, add. */
export default async function PaymentMethodsPage({ searchParams }: Props) {
  const t = await getTranslations("billing");
  const owner = await requireBillingUser(consumerBillingPaths.list);
  const [methods, query] = await Promise.all([listSavedMethods(owner), searchParams]);
  return (
    <AuthPanel title={t("methods.heading")} intro={t("methods.intro")}>
      <BackLink href="/profile/billing">{t("backToBilling")}</BackLink>
      <BillingNotice done={query.done} error={query.error} />
      <MethodList methods={methods} createHref={consumerBillingPaths.create} canWrite />
    </AuthPanel>
  );
}
