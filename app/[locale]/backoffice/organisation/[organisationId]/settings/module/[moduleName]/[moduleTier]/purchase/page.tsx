import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { BillingNotice } from "@/components/billing/billing-notice";
import { PurchaseForm } from "@/components/billing/purchase-form";
import { TierLimitsList } from "@/components/billing/tier-limits";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { listSavedMethods } from "@/lib/billing/methods";
import { listSubscriptions } from "@/lib/billing/overview";
import { modulePath } from "@/lib/billing/paths";
import { publicPlatformCurrency, tierPrice } from "@/lib/billing/purchase";
import { formatDate, formatMoney } from "@/lib/i18n/format";
import { isModuleName, isModuleTier, isPaidTier, moduleLimits } from "@/lib/modules/catalogue";

type Props = {
  params: Promise<{ organisationId: string; moduleName: string; moduleTier: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing.purchase");
  return { title: t("metaTitle") };
}

/**
 * Buying a module's paid tier (billing.account.write): what it gives and costs, the card to
 * pay with (or add one and come back), and "Pay". The tier changes when the payment succeeds.
 */
export default async function PurchaseTierPage({ params, searchParams }: Props) {
  const { organisationId, moduleName, moduleTier } = await params;
  const { access } = await gatePage(organisationId, "billing.account.write");
  if (!isModuleName(moduleName) || !isModuleTier(moduleTier)) notFound();
  if (!isPaidTier(moduleName, moduleTier)) notFound();
  const id = access.organisation.id;
  const [t, tb, locale, currency, methods, subscriptions, query] = await Promise.all([
    getTranslations("billing.purchase"),
    getTranslations("backoffice"),
    getLocale(),
    publicPlatformCurrency(),
    listSavedMethods({ kind: "organisation", organisationId: id, claims: access.claims }),
    listSubscriptions(access),
    searchParams,
  ]);
  const price = formatMoney(tierPrice(moduleName, moduleTier), { currency, locale });
  const current = subscriptions.find(
    (s) =>
      s.module === moduleName &&
      s.tier === moduleTier &&
      s.status === "active" &&
      access.modules.get(moduleName) === moduleTier,
  );
  return (
    <>
      <PageHeader
        title={t("title", {
          module: tb(`moduleNames.${moduleName}`),
          tier: tb(`tierNames.${moduleTier}`),
        })}
        description={t("intro")}
        actions={
          <Link
            href={modulePath(id, moduleName)}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            {t("back")}
          </Link>
        }
      />
      <BillingNotice done={undefined} error={query.error} />
      <div className="flex max-w-2xl flex-col gap-8">
        <section aria-labelledby="tier-gives" className="flex flex-col gap-3">
          <h2 id="tier-gives" className="text-lg font-semibold">
            {t("givesHeading")}
          </h2>
          <TierLimitsList limits={moduleLimits[moduleName][moduleTier]} locale={locale} />
        </section>
        <section aria-labelledby="tier-price" className="flex flex-col gap-2">
          <h2 id="tier-price" className="text-lg font-semibold">
            {t("priceHeading")}
          </h2>
          <p data-testid="tier-price">{t("price", { price })}</p>
        </section>
        {current ? (
          <p role="status">
            {t("current", {
              date: formatDate(current.currentPeriodEnd, {
                locale,
                timeZone: access.organisation.timeZone,
              }),
            })}
          </p>
        ) : (
          <PurchaseForm
            organisationId={id}
            module={moduleName}
            tier={moduleTier}
            methods={methods}
            payLabel={t("pay", { price })}
          />
        )}
      </div>
    </>
  );
}
