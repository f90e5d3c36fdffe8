import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BillingNotice } from "@/components/billing/billing-notice";
import { MethodList } from "@/components/billing/method-list";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { listSavedMethods } from "@/lib/billing/methods";
import { organisationBillingPaths } from "@/lib/billing/paths";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing.methods");
  return { title: t("metaTitle") };
}

/** The organisation's saved cards (billing.account.read; changes need billing.account.write). */
export default async function OrganisationPaymentMethodsPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const { access } = await gatePage(organisationId, "billing.account.read");
  const id = access.organisation.id;
  const [t, methods, query] = await Promise.all([
    getTranslations("billing"),
    listSavedMethods({ kind: "organisation", organisationId: id, claims: access.claims }),
    searchParams,
  ]);
  return (
    <>
      <PageHeader
        title={t("methods.heading")}
        description={`${t("methods.intro")} ${t("org.methodsIntro")}`}
        actions={
          <Link
            href={organisationPath(id, "/billing")}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            {t("backToBilling")}
          </Link>
        }
      />
      <BillingNotice done={query.done} error={query.error} />
      <MethodList
        methods={methods}
        createHref={organisationBillingPaths(id).create}
        organisationId={id}
        canWrite={access.can("billing.account.write")}
      />
    </>
  );
}
