import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { IncomeChargesTable } from "@/components/income/charges-table";
import { IncomeTable, incomeCell, numberCell } from "@/components/income/income-table";
import { buttonVariants } from "@/components/ui/button";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { formatMoney } from "@/lib/i18n/format";
import { HOLD_DAYS } from "@/lib/income/fees";
import { listCharges, readOverview } from "@/lib/income/queries";
import { sellingFeeBasisPoints } from "@/lib/modules/catalogue";

type Props = { params: Promise<{ organisationId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("income");
  return { title: t("metaTitle") };
}

/**
 * payment: the organisation's income (payment.charge.read): per currency the last 30 days
 * and all time (gross, refunds, fees, net), the pending and available balance, the latest
 * charges, and the links to charges, refunds and the balance.
 */
export default async function PaymentOverviewPage({ params }: Props) {
  const { organisationId } = await params;
  const { access } = await gatePage(organisationId, "payment.charge.read");
  const id = access.organisation.id;
  const [t, locale, formatter, overview, latest] = await Promise.all([
    getTranslations("income"),
    getLocale(),
    getFormatter(),
    readOverview(access),
    listCharges(access, { status: null, from: null, to: null, q: null }, 1, 5),
  ]);
  const rate = (tier: keyof typeof sellingFeeBasisPoints) =>
    formatter.number(sellingFeeBasisPoints[tier] / 10_000, {
      style: "percent",
      maximumFractionDigits: 2,
    });
  const links = [
    { href: organisationPath(id, "/payment/charge"), label: t("chargesLink") },
    { href: organisationPath(id, "/payment/refunds"), label: t("refundsLink") },
    { href: organisationPath(id, "/payment/balance"), label: t("balanceLink") },
  ];
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("intro", {
          free: rate("free"),
          pro: rate("pro"),
          enterprise: rate("enterprise"),
          days: HOLD_DAYS,
        })}
      />
      <div className="flex flex-col gap-8">
        <nav aria-label={t("title")} className="flex flex-wrap gap-2">
          {links.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              {link.label}
            </Link>
          ))}
        </nav>
        {overview.length === 0 ? <p>{t("noIncome")}</p> : null}
        {overview.map((money) => {
          const format = (minor: number) =>
            formatMoney(minor, { currency: money.currency, locale });
          return (
            <section
              key={money.currency}
              aria-labelledby={`income-${money.currency}`}
              className="flex flex-col gap-3"
              data-testid="income-currency"
            >
              <h2 id={`income-${money.currency}`} className="text-lg font-semibold">
                {t("currencyHeading", { currency: money.currency })}
              </h2>
              <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
                <div className="rounded-card border border-border p-3">
                  <dt className="text-sm text-muted-foreground">{t("available")}</dt>
                  <dd className="text-xl font-semibold" data-testid="income-available">
                    {format(money.available)}
                  </dd>
                </div>
                <div className="rounded-card border border-border p-3">
                  <dt className="text-sm text-muted-foreground">{t("pending")}</dt>
                  <dd className="text-xl font-semibold" data-testid="income-pending">
                    {format(money.pending)}
                  </dd>
                </div>
              </dl>
              <IncomeTable
                caption={t("totalsCaption", { currency: money.currency })}
                headers={["", t("gross"), t("refunds"), t("fees"), t("net")]}
              >
                {(
                  [
                    [t("last30"), money.last30],
                    [t("allTime"), money.allTime],
                  ] as const
                ).map(([label, totals]) => (
                  <tr key={label} className="border-t border-border">
                    <th scope="row" className={`${incomeCell} text-left font-medium`}>
                      {label}
                    </th>
                    <td className={numberCell}>{format(totals.gross)}</td>
                    <td className={numberCell}>{format(totals.refunds)}</td>
                    <td className={numberCell}>{format(totals.fees)}</td>
                    <td className={numberCell}>{format(totals.net)}</td>
                  </tr>
                ))}
              </IncomeTable>
            </section>
          );
        })}
        <section aria-labelledby="income-latest" className="flex flex-col gap-3">
          <h2 id="income-latest" className="text-lg font-semibold">
            {t("latestHeading")}
          </h2>
          <IncomeChargesTable
            charges={latest.rows}
            chargePath={organisationPath(id, "/payment/charge")}
            locale={locale}
            timeZone={access.organisation.timeZone}
          />
        </section>
      </div>
    </>
  );
}
