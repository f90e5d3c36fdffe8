import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { IncomeHeader } from "@/components/income/income-header";
import { IncomeTable, incomeCell, numberCell } from "@/components/income/income-table";
import { ListFilters } from "@/components/income/list-filters";
import { PageLinks } from "@/components/ui/page-links";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import { listHref, pageParam, refundParams } from "@/lib/income/params";
import { listRefunds } from "@/lib/income/queries";
import { refundStatuses } from "@/lib/orders/order-types";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("income.refundList");
  return { title: t("metaTitle") };
}

/**
 * payment/refunds (payment.charge.read): every refund of the organisation's orders (order,
 * amount, reason, status, who, when), filtered by status and dates, 25 a page. Refunding
 * itself happens on the charge (payment/charge?id=), linked from each row.
 */
export default async function PaymentRefundsPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const { access } = await gatePage(organisationId, "payment.charge.read");
  const [t, to, locale, query] = await Promise.all([
    getTranslations("income"),
    getTranslations("orders"),
    getLocale(),
    searchParams,
  ]);
  const id = access.organisation.id;
  const timeZone = access.organisation.timeZone;
  const base = organisationPath(id, "/payment/refunds");
  const chargePath = organisationPath(id, "/payment/charge");
  const filters = refundParams(query);
  const list = await listRefunds(access, filters, pageParam(query.page));
  return (
    <>
      <IncomeHeader
        organisationId={id}
        title={t("refundList.title")}
        description={t("refundList.intro")}
      />
      <div className="flex flex-col gap-4">
        <ListFilters
          base={base}
          statuses={refundStatuses.map((value) => ({
            value,
            label: t(`refundList.statuses.${value}`),
          }))}
          values={filters}
          withSearch={false}
        />
        {list.rows.length === 0 ? (
          <p>{t("refundList.none")}</p>
        ) : (
          <IncomeTable
            caption={t("refundList.caption")}
            testId="income-refunds"
            headers={[
              t("refundList.date"),
              t("refundList.order"),
              t("refundList.amount"),
              t("refundList.reason"),
              t("refundList.status"),
              t("refundList.by"),
            ]}
          >
            {list.rows.map((refund) => (
              <tr
                key={refund.id}
                className="border-t border-border"
                data-testid="income-refund-row"
              >
                <td className={`${incomeCell} whitespace-nowrap`}>
                  {formatDateTime(refund.createdAt, { locale, timeZone, timeStyle: "short" })}
                </td>
                <th scope="row" className={`${incomeCell} text-left font-medium whitespace-nowrap`}>
                  <Link
                    href={`${chargePath}?id=${refund.orderId}`}
                    className="text-primary-text underline underline-offset-4 hover:no-underline"
                    aria-label={t("refundList.chargeLink", { reference: refund.reference })}
                  >
                    {refund.reference}
                  </Link>
                </th>
                <td className={numberCell}>
                  {formatMoney(refund.amountMinor, { currency: refund.currency, locale })}
                </td>
                <td className={incomeCell}>
                  {to(`refundReason.${refund.reason as "other"}`)}
                  {refund.note ? (
                    <span className="block text-muted-foreground">{refund.note}</span>
                  ) : null}
                </td>
                <td className={incomeCell}>
                  {t(`refundList.statuses.${refund.status as "requested"}`)}
                </td>
                <td className={incomeCell}>
                  {refund.by.kind === "system"
                    ? t("refundList.bySystem")
                    : refund.by.kind === "buyer"
                      ? t("refundList.byBuyer")
                      : (refund.by.name ?? t("refundList.byMember"))}
                </td>
              </tr>
            ))}
          </IncomeTable>
        )}
        <PageLinks
          page={list.page}
          pages={list.pages}
          href={(page) => listHref(base, { ...filters, page })}
          labels={{
            navigation: t("pagination"),
            previous: t("previous"),
            next: t("next"),
            position: t("pageOf", { page: list.page, pages: list.pages }),
          }}
        />
      </div>
    </>
  );
}
