import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/i18n/format";
import type { OrderDetail } from "@/lib/orders/queries";

/** Every change of the order, oldest first, and its refunds with their state. */
export async function OrderTimeline({ detail }: { detail: OrderDetail }) {
  const [t, locale, format] = await Promise.all([
    getTranslations("orders"),
    getLocale(),
    getFormatter(),
  ]);
  const money = (minor: unknown) =>
    formatMoney(Number(minor ?? 0), { currency: detail.order.currency, locale });
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="order-timeline" className="flex flex-col gap-2">
        <h2 id="order-timeline" className="text-lg font-semibold">
          {t("detail.timeline")}
        </h2>
        <ol className="flex flex-col gap-2 border-l border-border pl-4" data-testid="timeline">
          {detail.events.map((event) => (
            <li key={event.id} className="text-sm">
              <time dateTime={event.at.toISOString()} className="text-muted-foreground">
                {format.dateTime(event.at, { dateStyle: "medium", timeStyle: "short" })}
              </time>{" "}
              <span data-testid="timeline-event">
                {t(`event.${event.kind}`, {
                  amount: money(event.detail.amountMinor),
                  units: Number(event.detail.units ?? 0),
                })}
              </span>
              {typeof event.detail.reason === "string" ? (
                <span className="block text-muted-foreground">“{event.detail.reason}”</span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      {detail.refunds.length > 0 ? (
        <section aria-labelledby="order-refunds" className="flex flex-col gap-2">
          <h2 id="order-refunds" className="text-lg font-semibold">
            {t("detail.refunds")}
          </h2>
          <ul className="flex flex-col gap-1 text-sm" data-testid="refunds">
            {detail.refunds.map((refund) => (
              <li key={refund.id}>
                {t("detail.refundLine", {
                  amount: money(refund.amountMinor),
                  status: t(`refundStatus.${refund.status}`),
                })}{" "}
                · {t(`refundReason.${refund.reason}`)}
                {refund.note ? (
                  <span className="block text-muted-foreground">{refund.note}</span>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="text-sm font-medium">
            {t("detail.refundedTotal", { amount: money(detail.order.refundedMinor) })}
          </p>
        </section>
      ) : null}
    </div>
  );
}
