import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ChargeReceipt } from "@/components/billing/charge-receipt";
import { ChargesTable } from "@/components/billing/charges-table";
import { PageHeader } from "@/components/backoffice/page-header";
import { buttonVariants } from "@/components/ui/button";
import { PageLinks } from "@/components/ui/page-links";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { getCharge, listCharges } from "@/lib/billing/overview";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing.charges");
  return { title: t("metaTitle") };
}

/**
 * What the organisation paid the platform (billing.account.read): the charges, newest
 * first, 25 a page (`?page=`); `?id=<charge>` shows one charge's receipt instead.
 */
export default async function OrganisationChargesPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const { access } = await gatePage(organisationId, "billing.account.read");
  const [t, locale, query] = await Promise.all([
    getTranslations("billing.charges"),
    getLocale(),
    searchParams,
  ]);
  const base = organisationPath(access.organisation.id, "/billing/charge");
  const timeZone = access.organisation.timeZone;
  if (query.id !== undefined) {
    const charge = await getCharge(access, String(query.id));
    if (!charge) notFound();
    return (
      <>
        <PageHeader
          title={t("receiptTitle")}
          description={t("receiptIntro")}
          actions={
            <Link href={base} className={buttonVariants({ variant: "ghost", size: "sm" })}>
              {t("back")}
            </Link>
          }
        />
        <ChargeReceipt
          charge={charge}
          organisationName={access.organisation.name}
          locale={locale}
          timeZone={timeZone}
        />
      </>
    );
  }
  const requested = Number(query.page ?? 1);
  const { rows, page, pages } = await listCharges(
    access,
    Number.isInteger(requested) && requested > 0 ? requested : 1,
  );
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          <Link
            href={organisationPath(access.organisation.id, "/billing")}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            {t("back")}
          </Link>
        }
      />
      <ChargesTable charges={rows} base={base} locale={locale} timeZone={timeZone} />
      <PageLinks
        page={page}
        pages={pages}
        href={(n) => `${base}?page=${n}`}
        labels={{
          navigation: t("pagination"),
          previous: t("previous"),
          next: t("next"),
          position: t("pageOf", { page, pages }),
        }}
      />
    </>
  );
}
