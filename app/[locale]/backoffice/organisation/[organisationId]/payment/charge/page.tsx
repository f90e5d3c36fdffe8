import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { IncomeHeader } from "@/components/income/income-header";
import { IncomeChargesTable } from "@/components/income/charges-table";
import {
  IncomeNotice,
  IncomeTable,
  incomeCell,
  numberCell,
} from "@/components/income/income-table";
import { ListFilters } from "@/components/income/list-filters";
import { RefundForm } from "@/components/orders/refund-form";
import { refundChargeAction } from "../actions";
import { buttonVariants } from "@/components/ui/button";
import { PageLinks } from "@/components/ui/page-links";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { formatDate, formatDateTime, formatMoney } from "@/lib/i18n/format";
import { chargeParams, chargeStatuses, listHref, pageParam } from "@/lib/income/params";
import { getChargeDetail, listCharges } from "@/lib/income/queries";
import { canRestock, refundableMinor } from "@/lib/orders/order-rules";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("income.charges");
  return { title: t("metaTitle") };
}

/**
 * payment/charge (payment.charge.read): every payment received, filtered by status, dates and
 * reference, 25 a page, all state in the URL; `?id=<orderId>` shows one charge: its amounts,
 * fee and net, the order's refunds, and the refund form for members with payment.refund.write.
 */
export default async function PaymentChargesPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const { access } = await gatePage(organisationId, "payment.charge.read");
  const [t, te, locale, formatter, query] = await Promise.all([
    getTranslations("income"),
    getTranslations("backoffice.errors"),
    getLocale(),
    getFormatter(),
    searchParams,
  ]);
  const id = access.organisation.id;
  const timeZone = access.organisation.timeZone;
  const base = organisationPath(id, "/payment/charge");
  if (query.id !== undefined) {
    const detail = await getChargeDetail(access, String(query.id));
    if (!detail) notFound();
    const { charge, order, refunds } = detail;
    const money = (minor: number) => formatMoney(minor, { currency: charge.currency, locale });
    const left = refundableMinor(order, refunds);
    const error =
      typeof query.error === "string"
        ? te.has(query.error as "notFound")
          ? te(query.error as "notFound")
          : te("orderState")
        : null;
    const to = await getTranslations("orders");
    const facts: [string, string][] = [
      [t("gross"), money(charge.grossMinor)],
      [
        t("charges.feeRate", {
          rate: formatter.number(charge.feeBasisPoints / 10_000, {
            style: "percent",
            maximumFractionDigits: 2,
          }),
          tier: t(`charges.tiers.${(charge.tier ?? "free") as "free"}`),
        }),
        money(charge.feeMinor),
      ],
      [t("net"), money(charge.netMinor)],
      [t("charges.refunded"), money(charge.refundedMinor)],
      [t("charges.availableOn"), formatDate(charge.availableOn, { locale, timeZone })],
      [t("charges.buyer"), `${charge.buyerName} · ${charge.buyerEmail}`],
    ];
    return (
      <>
        <PageHeader
          title={t("charges.detailTitle", { reference: charge.reference })}
          description={t("charges.detailIntro", {
            date: formatDateTime(charge.chargedAt, { locale, timeZone, timeStyle: "short" }),
          })}
          actions={
            <Link href={base} className={buttonVariants({ variant: "ghost", size: "sm" })}>
              {t("back")}
            </Link>
          }
        />
        <div className="flex max-w-3xl flex-col gap-6">
          <IncomeNotice
            done={query.done === "refund" ? t("charges.refundedDone") : null}
            error={error}
          />
          <section aria-labelledby="charge-amounts" className="flex flex-col gap-3">
            <h2 id="charge-amounts" className="text-lg font-semibold">
              {t("charges.amounts")}
            </h2>
            <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium" data-testid="charge-fact">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            {access.can("commerce.order.read") ? (
              <div>
                <Link
                  href={organisationPath(id, `/commerce/order/${order.id}`)}
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  {t("charges.orderLink")}
                </Link>
              </div>
            ) : null}
          </section>
          <section aria-labelledby="charge-refunds" className="flex flex-col gap-3">
            <h2 id="charge-refunds" className="text-lg font-semibold">
              {t("charges.refundsHeading")}
            </h2>
            {refunds.length === 0 ? (
              <p>{t("charges.noRefunds")}</p>
            ) : (
              <IncomeTable
                caption={t("charges.refundsHeading")}
                testId="charge-refunds"
                headers={[
                  t("charges.requested"),
                  t("charges.amount"),
                  t("charges.feeBack"),
                  t("charges.reason"),
                  t("status"),
                ]}
              >
                {refunds.map((refund) => (
                  <tr key={refund.id} className="border-t border-border">
                    <td className={`${incomeCell} whitespace-nowrap`}>
                      {formatDateTime(refund.createdAt, { locale, timeZone, timeStyle: "short" })}
                    </td>
                    <td className={numberCell}>{money(refund.amountMinor)}</td>
                    <td className={numberCell}>
                      {refund.feeBackMinor === null ? "—" : money(refund.feeBackMinor)}
                    </td>
                    <td className={incomeCell}>
                      {to(`refundReason.${refund.reason}`)}
                      {refund.note ? (
                        <span className="block text-muted-foreground">{refund.note}</span>
                      ) : null}
                      {refund.restock ? (
                        <span className="block text-muted-foreground">
                          {t("charges.restocked")}
                        </span>
                      ) : null}
                    </td>
                    <td className={incomeCell}>{t(`refundList.statuses.${refund.status}`)}</td>
                  </tr>
                ))}
              </IncomeTable>
            )}
          </section>
          {access.can("payment.refund.write") && left > 0 ? (
            <RefundForm
              action={refundChargeAction}
              framed
              organisationId={id}
              orderId={order.id}
              currency={charge.currency}
              leftMinor={left}
              restockable={access.can("commerce.product.write") && canRestock(order, refunds)}
              locale={locale}
            />
          ) : null}
        </div>
      </>
    );
  }
  const filters = chargeParams(query);
  const list = await listCharges(access, filters, pageParam(query.page));
  return (
    <>
      <IncomeHeader
        organisationId={id}
        title={t("charges.title")}
        description={t("charges.intro")}
      />
      <div className="flex flex-col gap-4">
        <ListFilters
          base={base}
          statuses={chargeStatuses.map((value) => ({
            value,
            label: t(`charges.statuses.${value}`),
          }))}
          values={filters}
          withSearch
        />
        <IncomeChargesTable
          charges={list.rows}
          chargePath={base}
          locale={locale}
          timeZone={timeZone}
        />
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
