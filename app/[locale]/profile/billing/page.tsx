import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BackLink } from "@/components/billing/back-link";
import { MethodsSummary } from "@/components/billing/methods-summary";
import { PaymentsMadeTable } from "@/components/billing/payments-made-table";
import { buttonVariants } from "@/components/ui/button";
import { requireBillingUser } from "@/lib/billing/consumer-page";
import { listSavedMethods } from "@/lib/billing/methods";
import { consumerBillingPaths } from "@/lib/billing/paths";
import { listPaymentsMade } from "@/lib/billing/payments-made";
import { pageParam } from "@/lib/orders/list-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing");
  return { title: t("metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The consumer's billing (docs/billing.md): the payments they made at checkout, newest first
 * and paginated (`?page=`), each with its receipt; and their saved cards in short.
 */
export default async function BillingPage({ searchParams }: Props) {
  const [t, query] = await Promise.all([getTranslations("billing"), searchParams]);
  const owner = await requireBillingUser("/profile/billing");
  const [methods, payments] = await Promise.all([
    listSavedMethods(owner),
    listPaymentsMade(owner.claims, pageParam(query.page)),
  ]);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <BackLink href="/profile">{t("back")}</BackLink>
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("intro")}</p>
      <div className="mt-8 flex flex-col gap-8">
        <section
          id="payments-made"
          aria-labelledby="billing-payments"
          className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
        >
          <h2 id="billing-payments" className="text-lg font-semibold">
            {t("payments.heading")}
          </h2>
          <PaymentsMadeTable page={payments} basePath="/profile/billing" />
        </section>
        <section
          aria-labelledby="billing-cards"
          className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
        >
          <h2 id="billing-cards" className="text-lg font-semibold">
            {t("methods.heading")}
          </h2>
          <MethodsSummary methods={methods} />
          <div className="flex flex-wrap gap-2">
            <Link
              href={consumerBillingPaths.list}
              className={buttonVariants({ variant: "outline" })}
            >
              {t("methods.manage")}
            </Link>
            <Link
              href={consumerBillingPaths.create}
              className={buttonVariants({ variant: "ghost" })}
            >
              {t("methods.add")}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
