import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache, type ReactNode } from "react";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { BackLink } from "@/components/billing/back-link";
import { BillingTable, billingCell } from "@/components/billing/billing-table";
import { cardLabel } from "@/components/billing/method-list";
import { PaymentsMadeTable } from "@/components/billing/payments-made-table";
import { PrintButton } from "@/components/billing/print-button";
import { OrderDocuments } from "@/components/orders/order-documents";
import { buttonVariants } from "@/components/ui/button";
import { requireBillingUser } from "@/lib/billing/consumer-page";
import { getPaymentReceipt, listPaymentsMade } from "@/lib/billing/payments-made";
import { receiptTotals } from "@/lib/billing/receipt-rules";
import { formatMoney } from "@/lib/i18n/format";
import { pageParam } from "@/lib/orders/list-params";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function one(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

const loadReceipt = cache(async (id: string) => {
  const owner = await requireBillingUser(`/profile/billing/charge?id=${encodeURIComponent(id)}`);
  const receipt = await getPaymentReceipt(owner.claims, id);
  if (!receipt) notFound();
  return receipt;
});

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const id = one((await searchParams).id);
  const t = await getTranslations("billing.payments");
  if (id === null) return { title: t("metaTitle"), robots: { index: false } };
  const receipt = await loadReceipt(id);
  return {
    title: t("receipt.metaTitle", { reference: receipt.reference }),
    robots: { index: false },
  };
}

/**
 * /profile/billing/charge: the buyer's payments made (paginated, `?page=`), or with
 * `?id=<orderId>` one payment's receipt: shop, order, date, amount, card, refunds with their
 * state, the invoice and credit notes; printable. Another's payment, an unpaid order or a
 * wrong id is a 404 (the query names the buyer, and RLS lets only the buyer read).
 */
export default async function PaymentReceiptPage({ searchParams }: Props) {
  const query = await searchParams;
  const id = one(query.id);
  const [t, to, locale, format] = await Promise.all([
    getTranslations("billing.payments"),
    getTranslations("orders"),
    getLocale(),
    getFormatter(),
  ]);
  if (id === null) {
    const owner = await requireBillingUser("/profile/billing/charge");
    const payments = await listPaymentsMade(owner.claims, pageParam(query.page));
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
        <BackLink href="/profile/billing">{t("receipt.back")}</BackLink>
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="mt-3 mb-8 text-muted-foreground">{t("intro")}</p>
        <PaymentsMadeTable page={payments} basePath="/profile/billing/charge" />
      </div>
    );
  }
  const receipt = await loadReceipt(id);
  const money = (minor: number) => formatMoney(minor, { currency: receipt.currency, locale });
  const totals = receiptTotals(receipt.totalMinor, receipt.refunds);
  const rows: [string, ReactNode][] = [
    [t("receipt.shop"), receipt.sellerName],
    [
      t("receipt.order"),
      <Link
        key="order"
        href={`/profile/order/${receipt.orderId}`}
        className="text-primary-text underline underline-offset-4 hover:no-underline"
      >
        {receipt.reference}
      </Link>,
    ],
    [
      t("receipt.paidOn"),
      format.dateTime(receipt.paidAt, { dateStyle: "long", timeStyle: "short" }),
    ],
    [t("receipt.amount"), money(receipt.totalMinor)],
    [t("receipt.currency"), receipt.currency],
    [
      t("receipt.card"),
      receipt.cardLast4 ? cardLabel(receipt.cardBrand, receipt.cardLast4) : t("receipt.noCard"),
    ],
    [t("receipt.paymentStatus"), to(`payment.${receipt.paymentStatus}`)],
    [t("receipt.orderStatus"), to(`status.${receipt.orderStatus}`)],
    [t("receipt.paymentReference"), receipt.paymentId ?? "—"],
  ];
  const cell = billingCell;
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12 print:max-w-none print:p-0"
      data-receipt
    >
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink href="/profile/billing">{t("receipt.back")}</BackLink>
        <PrintButton
          label={t("receipt.print")}
          className={buttonVariants({ variant: "outline" })}
        />
      </div>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t("receipt.title")}</h1>
        <p className="mt-3 text-muted-foreground">{t("receipt.intro")}</p>
      </div>
      <section aria-labelledby="receipt-details" className="flex flex-col gap-3">
        <h2 id="receipt-details" className="text-lg font-semibold">
          {t("receipt.details")}
        </h2>
        <dl
          className="grid gap-3 rounded-card border border-border bg-surface p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6"
          data-testid="payment-receipt"
        >
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="receipt-refunds" className="flex flex-col gap-3">
        <h2 id="receipt-refunds" className="text-lg font-semibold">
          {t("receipt.refunds")}
        </h2>
        {receipt.refunds.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("receipt.noRefunds")}</p>
        ) : (
          <BillingTable
            caption={t("receipt.refundsCaption")}
            headers={[
              t("receipt.refundDate"),
              t("receipt.refundAmount"),
              t("receipt.refundReason"),
              t("receipt.refundStatus"),
            ]}
          >
            {receipt.refunds.map((refund) => (
              <tr key={refund.id} className="border-t border-border" data-testid="receipt-refund">
                <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
                  {format.dateTime(
                    refund.status === "succeeded" ? refund.updatedAt : refund.createdAt,
                    { dateStyle: "medium" },
                  )}
                </th>
                <td className={`${cell} whitespace-nowrap`}>{money(refund.amountMinor)}</td>
                <td className={cell}>{to(`refundReason.${refund.reason}`)}</td>
                <td className={cell}>{to(`refundStatus.${refund.status}`)}</td>
              </tr>
            ))}
          </BillingTable>
        )}
        <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          <dt>{t("receipt.paid")}</dt>
          <dd className="text-right">{money(totals.paidMinor)}</dd>
          <dt>{t("receipt.refundedTotal")}</dt>
          <dd className="text-right">{money(totals.refundedMinor)}</dd>
          {totals.refundingMinor > 0 ? (
            <>
              <dt>{t("receipt.refunding")}</dt>
              <dd className="text-right">{money(totals.refundingMinor)}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{t("receipt.net")}</dt>
          <dd className="text-right font-semibold">{money(totals.netMinor)}</dd>
        </dl>
      </section>
      <OrderDocuments
        documents={receipt.documents}
        pageHref={(documentId) => `/profile/invoice/${documentId}`}
        pdfHref={(documentId) => `/api/invoices/${documentId}/pdf`}
      />
    </div>
  );
}
