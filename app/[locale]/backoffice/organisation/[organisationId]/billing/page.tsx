import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { MethodsSummary } from "@/components/billing/methods-summary";
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

/** One part of the page: a heading, its content and a link onwards. */
function Part(props: {
  id: string;
  title: string;
  href: string;
  link: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className="flex flex-col gap-3">
      <h2 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h2>
      {props.children}
      <div>
        <Link href={props.href} className={buttonVariants({ variant: "outline", size: "sm" })}>
          {props.link}
        </Link>
      </div>
    </section>
  );
}

/** The organisation's billing: paid tiers with their next renewal, cards, charges. */
export default async function OrganisationBillingPage({ params }: Props) {
  const { organisationId } = await params;
  const { access } = await gatePage(organisationId, "billing.account.read");
  const id = access.organisation.id;
  const [t, locale, subscriptions, methods] = await Promise.all([
    getTranslations("billing"),
    getLocale(),
    listSubscriptions(access),
    listSavedMethods({ kind: "organisation", organisationId: id, claims: access.claims }),
  ]);
  return (
    <>
      <PageHeader title={t("org.title")} description={t("org.intro")} />
      <div className="flex flex-col gap-8">
        <Part
          id="billing-tiers"
          title={t("org.tiersHeading")}
          href={organisationPath(id, "/settings/module")}
          link={t("org.modulesLink")}
        >
          <SubscriptionsTable
            subscriptions={subscriptions}
            locale={locale}
            timeZone={access.organisation.timeZone}
          />
          <p className="text-sm text-muted-foreground">{t("org.overLimit")}</p>
        </Part>
        <Part
          id="billing-cards"
          title={t("org.methodsHeading")}
          href={organisationBillingPaths(id).list}
          link={t("methods.manage")}
        >
          <MethodsSummary methods={methods} />
          <p className="text-sm text-muted-foreground">{t("org.methodsIntro")}</p>
        </Part>
        <Part
          id="billing-charges"
          title={t("org.chargesHeading")}
          href={organisationPath(id, "/billing/charge")}
          link={t("org.chargesLink")}
        />
      </div>
    </>
  );
}
