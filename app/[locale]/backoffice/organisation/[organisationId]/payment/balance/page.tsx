import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { IncomeHeader } from "@/components/income/income-header";
import {
  IncomeNotice,
  IncomeTable,
  incomeCell,
  numberCell,
} from "@/components/income/income-table";
import { Badge } from "@/components/ui/badge";
import { PageLinks } from "@/components/ui/page-links";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { currencyDigits, fromMinorUnits } from "@/lib/commerce/money";
import { formatDate, formatDateTime, formatMoney } from "@/lib/i18n/format";
import { accountState } from "@/lib/income/account-state";
import { HOLD_DAYS } from "@/lib/income/fees";
import { listHref, pageParam } from "@/lib/income/params";
import { readBalance, readPayoutAccount } from "@/lib/income/queries";
import { refreshConnectAccount } from "@/lib/income/connect";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { requestPayoutAction, startOnboardingAction } from "../actions";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("income.balance");
  return { title: t("metaTitle") };
}

const payoutVariant = { pending: "neutral", paid: "primary", failed: "danger" } as const;

/**
 * payment/balance (payment.charge.read): pending and available per currency, the movements
 * (25 a page), the payouts, the payout request for members with payment.payout.write, and
 * (Stripe) the payout account's status as its row holds it (kept by `account.updated`).
 */
export default async function PaymentBalancePage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const { access } = await gatePage(organisationId, "payment.charge.read");
  const [t, ti, te, locale, query] = await Promise.all([
    getTranslations("income.balance"),
    getTranslations("income"),
    getTranslations("backoffice.errors"),
    getLocale(),
    searchParams,
  ]);
  const id = access.organisation.id;
  const timeZone = access.organisation.timeZone;
  const base = organisationPath(id, "/payment/balance");
  const chargePath = organisationPath(id, "/payment/charge");
  const page = await readBalance(access, pageParam(query.page));
  const provider = getPaymentProvider();
  const sandbox = provider.name === "sandbox";
  const canPayOut = access.can("payment.payout.write");
  // Back from Stripe's onboarding form: read the account's status again.
  if (!sandbox && canPayOut && (query.connect === "return" || query.connect === "refresh")) {
    await refreshConnectAccount(provider, id).catch((error: unknown) =>
      console.error("income: account refresh failed", { error }),
    );
  }
  const account = sandbox ? null : await readPayoutAccount(access, provider.name);
  const ready = sandbox || account?.payoutsEnabled === true;
  const payable = page.balances.filter((balance) => balance.available > 0);
  const open = page.payouts.some((payout) => payout.status === "pending");
  const error =
    typeof query.error === "string"
      ? te.has(query.error as "notFound")
        ? te(query.error as "notFound")
        : te("payoutExceeds")
      : null;
  return (
    <>
      <IncomeHeader
        organisationId={id}
        title={t("title")}
        description={t("intro", { days: HOLD_DAYS })}
      />
      <div className="flex flex-col gap-8">
        <IncomeNotice done={query.done === "payout" ? t("requested") : null} error={error} />
        {page.balances.length === 0 ? (
          <p>{ti("noIncome")}</p>
        ) : (
          <IncomeTable
            caption={t("balancesCaption")}
            testId="balances"
            headers={[t("currency"), ti("available"), ti("pending")]}
          >
            {page.balances.map((balance) => (
              <tr key={balance.currency} className="border-t border-border">
                <th scope="row" className={`${incomeCell} text-left font-medium`}>
                  {balance.currency}
                </th>
                <td className={numberCell} data-testid="balance-available">
                  {formatMoney(balance.available, { currency: balance.currency, locale })}
                </td>
                <td className={numberCell} data-testid="balance-pending">
                  {formatMoney(balance.pending, { currency: balance.currency, locale })}
                </td>
              </tr>
            ))}
          </IncomeTable>
        )}
        {!sandbox ? (
          <section aria-labelledby="payout-account" className="flex flex-col gap-3">
            <h2 id="payout-account" className="text-lg font-semibold">
              {t("connectHeading")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("connectIntro")}</p>
            {account ? (
              <>
                <p data-testid="connect-status">{t(`connectStates.${accountState(account)}`)}</p>
                <dl
                  className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
                  data-testid="connect-details"
                >
                  <dt className="text-muted-foreground">{t("connectDetailsSubmitted")}</dt>
                  <dd>{account.detailsSubmitted ? t("connectYes") : t("connectNo")}</dd>
                  <dt className="text-muted-foreground">{t("connectCharges")}</dt>
                  <dd>{account.chargesEnabled ? t("connectYes") : t("connectNo")}</dd>
                  <dt className="text-muted-foreground">{t("connectPayouts")}</dt>
                  <dd>{account.payoutsEnabled ? t("connectYes") : t("connectNo")}</dd>
                  <dt className="text-muted-foreground">{t("connectStatusAt")}</dt>
                  <dd>
                    {account.statusAt
                      ? formatDateTime(account.statusAt, { locale, timeZone, timeStyle: "short" })
                      : "—"}
                  </dd>
                </dl>
              </>
            ) : null}
            {canPayOut && !account?.payoutsEnabled ? (
              <form action={startOnboardingAction}>
                <input type="hidden" name="organisationId" value={id} />
                <button type="submit" className="btn btn-primary h-10 px-4">
                  {account ? t("connectContinue") : t("connectStart")}
                </button>
              </form>
            ) : null}
          </section>
        ) : null}
        <section aria-labelledby="payout-request" className="flex flex-col gap-3">
          <h2 id="payout-request" className="text-lg font-semibold">
            {t("requestHeading")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("requestIntro")} {sandbox ? t("sandboxNote") : t("stripeNote")}
          </p>
          {!canPayOut ? (
            <p>{t("noRight")}</p>
          ) : payable.length === 0 ? (
            <p>{t("nothingAvailable")}</p>
          ) : ready && !open ? (
            <form
              action={requestPayoutAction}
              className="flex flex-wrap items-end gap-3 rounded-card border border-border p-4"
            >
              <input type="hidden" name="organisationId" value={id} />
              <div className="flex flex-col gap-1">
                <label htmlFor="payout-currency" className="text-sm font-medium">
                  {t("payoutCurrency")}
                </label>
                <select id="payout-currency" name="currency" className="field-control h-10">
                  {payable.map((balance) => (
                    <option key={balance.currency} value={balance.currency}>
                      {balance.currency}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="payout-amount" className="text-sm font-medium">
                  {t("payoutAmount")}
                </label>
                <input
                  id="payout-amount"
                  name="amount"
                  inputMode="decimal"
                  required
                  defaultValue={fromMinorUnits(
                    payable[0]!.available,
                    currencyDigits(payable[0]!.currency),
                  )}
                  className="field-control h-10 w-40"
                />
              </div>
              <button
                type="submit"
                className="btn btn-primary h-10 px-4"
                data-testid="payout-submit"
              >
                {t("requestSubmit")}
              </button>
            </form>
          ) : open ? (
            <p>{te("payoutOpen")}</p>
          ) : null}
        </section>
        <section aria-labelledby="payouts" className="flex flex-col gap-3">
          <h2 id="payouts" className="text-lg font-semibold">
            {t("payoutsHeading")}
          </h2>
          {page.payouts.length === 0 ? (
            <p>{t("noPayouts")}</p>
          ) : (
            <IncomeTable
              caption={t("payoutsCaption")}
              testId="payouts"
              headers={[t("date"), t("amount"), t("status")]}
            >
              {page.payouts.map((payout) => (
                <tr key={payout.id} className="border-t border-border" data-testid="payout-row">
                  <td className={`${incomeCell} whitespace-nowrap`}>
                    {formatDateTime(payout.createdAt, { locale, timeZone, timeStyle: "short" })}
                  </td>
                  <td className={numberCell}>
                    {formatMoney(payout.amountMinor, { currency: payout.currency, locale })}
                  </td>
                  <td className={incomeCell}>
                    <Badge variant={payoutVariant[payout.status]}>
                      {t(`payoutStatuses.${payout.status}`)}
                    </Badge>
                  </td>
                </tr>
              ))}
            </IncomeTable>
          )}
        </section>
        <section aria-labelledby="entries" className="flex flex-col gap-3">
          <h2 id="entries" className="text-lg font-semibold">
            {t("entriesHeading")}
          </h2>
          {page.entries.rows.length === 0 ? (
            <p>{t("noEntries")}</p>
          ) : (
            <IncomeTable
              caption={t("entriesCaption")}
              testId="balance-entries"
              headers={[
                t("date"),
                t("kind"),
                t("source"),
                t("gross"),
                t("fee"),
                t("net"),
                t("availableOn"),
              ]}
            >
              {page.entries.rows.map((entry) => {
                const money = (minor: number) =>
                  formatMoney(minor, { currency: entry.currency, locale });
                return (
                  <tr key={entry.id} className="border-t border-border" data-testid="entry-row">
                    <td className={`${incomeCell} whitespace-nowrap`}>
                      {formatDateTime(entry.createdAt, { locale, timeZone, timeStyle: "short" })}
                    </td>
                    <th scope="row" className={`${incomeCell} text-left font-medium`}>
                      {t(`kinds.${entry.kind}`)}
                    </th>
                    <td className={`${incomeCell} whitespace-nowrap`}>
                      {entry.orderId && entry.reference ? (
                        <Link
                          href={`${chargePath}?id=${entry.orderId}`}
                          className="text-primary-text underline underline-offset-4 hover:no-underline"
                        >
                          {entry.reference}
                        </Link>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className={numberCell}>{money(entry.grossMinor)}</td>
                    <td className={numberCell}>{money(entry.feeMinor)}</td>
                    <td className={numberCell}>{money(entry.netMinor)}</td>
                    <td className={`${incomeCell} whitespace-nowrap`}>
                      {formatDate(entry.availableOn, { locale, timeZone })}
                    </td>
                  </tr>
                );
              })}
            </IncomeTable>
          )}
          <PageLinks
            page={page.entries.page}
            pages={page.entries.pages}
            href={(n) => listHref(base, { page: n })}
            labels={{
              navigation: ti("pagination"),
              previous: ti("previous"),
              next: ti("next"),
              position: ti("pageOf", { page: page.entries.page, pages: page.entries.pages }),
            }}
          />
        </section>
      </div>
    </>
  );
}
