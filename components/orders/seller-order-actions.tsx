import { getTranslations } from "next-intl/server";
import {
  cancelOrderAction,
  fulfilOrderAction,
  refundOrderAction,
} from "@/app/[locale]/backoffice/organisation/[organisationId]/commerce/order/actions";
import { fromMinorUnits, currencyDigits } from "@/lib/commerce/money";
import { formatMoney } from "@/lib/i18n/format";
import { canCancel, nextFulfilmentSteps, refundableMinor } from "@/lib/orders/order-rules";
import { refundReasons } from "@/lib/orders/order-types";
import type { OrderDetail } from "@/lib/orders/queries";

/**
 * The seller's actions on one order, as plain forms (they work without JavaScript): the next
 * fulfilment steps and cancel (commerce.order.write), a refund (payment.refund.write) of at
 * most what is left.
 */
export async function SellerOrderActions({
  detail,
  organisationId,
  can,
  locale,
}: {
  detail: OrderDetail;
  organisationId: string;
  can: { write: boolean; refund: boolean };
  locale: string;
}) {
  const t = await getTranslations("orders");
  const { order } = detail;
  const left = refundableMinor(order, detail.refunds);
  const money = (minor: number) => formatMoney(minor, { currency: order.currency, locale });
  const hidden = (
    <>
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" name="orderId" value={order.id} />
    </>
  );
  const steps = can.write ? nextFulfilmentSteps(order) : [];
  const cancellable = can.write && canCancel(order, "seller") && (left === 0 || can.refund);
  if (steps.length === 0 && !cancellable && !(can.refund && left > 0)) return null;
  return (
    <div className="flex flex-col gap-4 rounded-card border border-border p-4">
      {steps.length > 0 || cancellable ? (
        <div className="flex flex-wrap gap-2">
          {steps.map((step) => (
            <form key={step} action={fulfilOrderAction}>
              {hidden}
              <input type="hidden" name="step" value={step} />
              <button
                type="submit"
                className="btn btn-primary h-10 px-4"
                data-testid={`step-${step}`}
              >
                {t(`seller.step.${step as "preparing"}`)}
              </button>
            </form>
          ))}
          {cancellable ? (
            <form action={cancelOrderAction}>
              {hidden}
              <button
                type="submit"
                className="btn btn-outline h-10 px-4"
                data-testid="seller-cancel"
              >
                {left > 0 ? t("seller.cancelPaid", { amount: money(left) }) : t("seller.cancel")}
              </button>
            </form>
          ) : null}
        </div>
      ) : null}
      {can.refund && left > 0 ? (
        <form
          action={refundOrderAction}
          className="flex flex-col gap-3"
          aria-labelledby="refund-heading"
        >
          {hidden}
          <h2 id="refund-heading" className="text-lg font-semibold">
            {t("seller.refund")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("seller.refundLeft", { amount: money(left) })}
          </p>
          <div className="flex flex-col gap-1 sm:w-48">
            <label htmlFor="refund-amount" className="text-sm font-medium">
              {t("seller.refundAmount", { currency: order.currency })}
            </label>
            <input
              id="refund-amount"
              name="amount"
              inputMode="decimal"
              required
              defaultValue={fromMinorUnits(left, currencyDigits(order.currency))}
              className="field-control h-10"
            />
          </div>
          <div className="flex flex-col gap-1 sm:w-64">
            <label htmlFor="refund-reason" className="text-sm font-medium">
              {t("seller.refundReason")}
            </label>
            <select id="refund-reason" name="reason" className="field-control h-10">
              {refundReasons
                .filter((reason) => reason !== "stock_unavailable")
                .map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`refundReason.${reason}`)}
                  </option>
                ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="refund-note" className="text-sm font-medium">
              {t("seller.refundNote")}
            </label>
            <textarea
              id="refund-note"
              name="note"
              rows={2}
              maxLength={500}
              className="field-control"
            />
          </div>
          <button
            type="submit"
            className="btn btn-outline h-10 self-start px-4"
            data-testid="refund-submit"
          >
            {t("seller.refundSubmit")}
          </button>
        </form>
      ) : null}
    </div>
  );
}
