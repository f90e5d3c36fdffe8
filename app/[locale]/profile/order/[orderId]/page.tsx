import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getFormatter, getTranslations } from "next-intl/server";
import { OrderSummary } from "@/components/checkout/order-summary";
import { OrderDocuments } from "@/components/orders/order-documents";
import { OrderFacts } from "@/components/orders/order-facts";
import { OrderStates } from "@/components/orders/order-states";
import { OrderTimeline } from "@/components/orders/order-timeline";
import { isUuid } from "@/lib/organisations/access";
import { canCancel, refundableMinor } from "@/lib/orders/order-rules";
import { isPayable } from "@/lib/orders/pay";
import { getMyOrder } from "@/lib/orders/queries";
import { requireProfile } from "@/lib/profile/load-profile-page";
import { askRefundAction, cancelMyOrderAction } from "../actions";

type Props = {
  params: Promise<{ orderId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const load = cache(async (orderId: string) => {
  const { claims } = await requireProfile(`/profile/order/${orderId}`);
  const detail = isUuid(orderId) ? await getMyOrder(claims, orderId) : null;
  if (!detail) notFound();
  return detail;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const detail = await load((await params).orderId);
  const t = await getTranslations("orders.detail");
  return { title: t("metaTitle", { reference: detail.order.reference }), robots: { index: false } };
}

/**
 * /profile/order/{orderId}: the buyer's order: its states, lines and totals, delivery, the
 * timeline and refunds; pay while reserved, cancel while allowed, ask for a refund.
 */
export default async function MyOrderPage({ params, searchParams }: Props) {
  const [{ orderId }, query] = await Promise.all([params, searchParams]);
  const detail = await load(orderId);
  const { order } = detail;
  const [t, te, format] = await Promise.all([
    getTranslations("orders"),
    getTranslations("backoffice.errors"),
    getFormatter(),
  ]);
  const refundable = refundableMinor(order, detail.refunds);
  const notice =
    query.paid === "1" && order.paymentStatus === "paid"
      ? t("detail.paidNotice")
      : query.done === "cancelled"
        ? t("detail.cancelled")
        : query.done === "asked"
          ? t("detail.asked")
          : null;
  const error =
    typeof query.error === "string" && te.has(query.error as "notFound")
      ? te(query.error as "notFound")
      : query.error
        ? te("orderState")
        : null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <Link
        href="/profile/order"
        className="text-sm text-primary-text underline underline-offset-4"
      >
        {t("detail.backToList")}
      </Link>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("reference", { reference: order.reference })}
        </h1>
        <p className="text-muted-foreground">
          {order.sellerName} ·{" "}
          {t("placedOn", { date: format.dateTime(order.placedAt, { dateStyle: "long" }) })}
        </p>
        <OrderStates order={order} />
      </div>
      {notice ? (
        <p
          role="status"
          className="rounded-card border border-border bg-surface p-3"
          data-testid="order-notice"
        >
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-card border border-border p-3 font-medium text-danger">
          {error}
        </p>
      ) : null}
      {isPayable(order) ? (
        <div className="flex flex-wrap items-center gap-3">
          <Link href={`/commerce/checkout/${order.id}`} className="btn btn-primary h-10 px-4">
            {t("detail.pay")}
          </Link>
          <span className="text-sm text-muted-foreground">
            {t("detail.payUntil", {
              time: format.dateTime(order.holdExpiresAt, { timeStyle: "short" }),
            })}
          </span>
        </div>
      ) : null}
      <OrderSummary
        heading={t("detail.lines")}
        lines={detail.lines.map((line) => ({
          key: line.id,
          title: line.title,
          optionLabel: line.optionLabel,
          quantity: line.quantity,
          unitPriceMinor: line.unitPriceMinor,
          taxRateBasisPoints: line.taxRateBasisPoints,
          totalMinor: line.totalMinor,
        }))}
        totals={order}
        currency={order.currency}
        pricesIncludeTax={order.pricesIncludeTax}
      />
      <OrderFacts order={order} />
      <OrderDocuments
        documents={detail.invoices}
        pageHref={(id) => `/profile/invoice/${id}`}
        pdfHref={(id) => `/api/invoices/${id}/pdf`}
      />
      <OrderTimeline detail={detail} />
      {canCancel(order, "buyer") ? (
        <form action={cancelMyOrderAction}>
          <input type="hidden" name="orderId" value={order.id} />
          <button type="submit" className="btn btn-outline h-10 px-4" data-testid="cancel-order">
            {order.paymentStatus === "paid" ? t("detail.cancelPaid") : t("detail.cancel")}
          </button>
        </form>
      ) : null}
      {refundable > 0 && !canCancel(order, "buyer") ? (
        <form action={askRefundAction} className="flex flex-col gap-2" aria-labelledby="ask-refund">
          <h2 id="ask-refund" className="text-lg font-semibold">
            {t("detail.askRefund")}
          </h2>
          <input type="hidden" name="orderId" value={order.id} />
          <label htmlFor="refund-reason" className="font-medium">
            {t("detail.refundReason")}
          </label>
          <textarea
            id="refund-reason"
            name="reason"
            required
            maxLength={500}
            rows={3}
            className="field-control"
          />
          <button type="submit" className="btn btn-outline h-10 self-start px-4">
            {t("detail.askRefundSubmit")}
          </button>
        </form>
      ) : null}
    </div>
  );
}
