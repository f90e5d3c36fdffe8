import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { brandName } from "@/components/billing/method-list";
import { SubscriptionsTable } from "@/components/billing/subscriptions-table";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { listSavedMethods } from "@/lib/billing/methods";
import { listSubscriptions } from "@/lib/billing/overview";
import { organisationBillingPaths } from "@/lib/billing/paths";

type Props = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing.org");
  return { title: t("metaTitle") };
}

/** The organisation's billing: paid tiers with their next renewal, cards, charges. */
export default async function OrganisationBillingPage({ params }: Props) {
  const { organisationId } = await params;
  const { access } = await gatePage(organisationId, "billing.account.read");
  const id = access.organisation.id;
  const owner = { kind: "organisation" as const, organisationId: id, claims: access.claims };
  const [t, locale, subscriptions, methods] = await Promise.all([
    getTranslations("billing"),
    getLocale(),
    listSubscriptions(access),
    listSavedMethods(owner),
  ]);
  const paths = organisationBillingPaths(id);
  const preferred = methods.find((method) => method.isDefault) ?? methods[0];
  return (
    <>
      <PageHeader title={t("org.title")} description={t("org.intro")} />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="billing-tiers" className="flex flex-col gap-3">
          <h2 id="billing-tiers" className="text-lg font-semibold">
            {t("org.tiersHeading")}
          </h2>
          <SubscriptionsTable
            subscriptions={subscriptions}
            locale={locale}
            timeZone={access.organisation.timeZone}
          />
          <p className="text-sm text-muted-foreground">{t("org.overLimit")}</p>
          <div>
            <Link
              href={organisationPath(id, "/settings/module")}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              {t("org.modulesLink")}
            </Link>
          </div>
        </section>
        <section aria-labelledby="billing-cards" className="flex flex-col gap-3">
          <h2 id="billing-cards" className="text-lg font-semibold">
            {t("org.methodsHeading")}
          </h2>
          <p>
            {preferred
              ? t("methods.summary", {
                  count: methods.length,
                  card: t("methods.card", {
                    brand: brandName(preferred.brand),
                    last4: preferred.last4,
                  }),
                })
              : t("methods.summaryNone")}
          </p>
          <p className="text-sm text-muted-foreground">{t("org.methodsIntro")}</p>
          <div>
            <Link href={paths.list} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("methods.manage")}
            </Link>
          </div>
        </section>
        <section aria-labelledby="billing-charges" className="flex flex-col gap-3">
          <h2 id="billing-charges" className="text-lg font-semibold">
            {t("org.chargesHeading")}
          </h2>
          <div>
            <Link
              href={organisationPath(id, "/billing/charge")}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              {t("org.chargesLink")}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
