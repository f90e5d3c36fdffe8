import { getTranslations } from "next-intl/server";
import {
  cancelOrderAction,
  fulfilOrderAction,
  refundOrderAction,
} from "@/app/[locale]/backoffice/organisation/[organisationId]/commerce/order/actions";
import { formatMoney } from "@/lib/i18n/format";
import {
  canCancel,
  canRestock,
  nextFulfilmentSteps,
  refundableMinor,
} from "@/lib/orders/order-rules";
import type { OrderDetail } from "@/lib/orders/queries";
import { RefundForm } from "./refund-form";

/**
 * The seller's actions on one order, as plain forms (they work without JavaScript): the next
 * fulfilment steps and cancel (commerce.order.write), a refund (payment.refund.write) of at
 * most what is left, which may put the items back in stock (commerce.product.write).
 */
export async function SellerOrderActions({
  detail,
  organisationId,
  can,
  locale,
}: {
  detail: OrderDetail;
  organisationId: string;
  can: { write: boolean; refund: boolean; restock: boolean };
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
        <RefundForm
          action={refundOrderAction}
          organisationId={organisationId}
          orderId={order.id}
          currency={order.currency}
          leftMinor={left}
          restockable={can.restock && canRestock(order, detail.refunds)}
          locale={locale}
        />
      ) : null}
    </div>
  );
}
