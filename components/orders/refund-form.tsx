import { getTranslations } from "next-intl/server";
import { currencyDigits, fromMinorUnits } from "@/lib/commerce/money";
import { formatMoney } from "@/lib/i18n/format";
import { refundReasons } from "@/lib/orders/order-types";

/**
 * The refund form of an order's payment (payment.refund.write), on the order and on the
 * charge pages: full by default, or any part of what is left, with a reason and a note. Both
 * actions run the orders' refund command, so there is one refund rule wherever refunds are
 * made. "Put the items back in stock" is offered where the member may (`restockable`). A plain
 * form: it works without JavaScript.
 */
export async function RefundForm({
  action,
  organisationId,
  orderId,
  currency,
  leftMinor,
  restockable,
  locale,
  framed = false,
}: {
  action: (formData: FormData) => Promise<void>;
  organisationId: string;
  orderId: string;
  currency: string;
  leftMinor: number;
  /** Offer "Put the items back in stock" (commerce.product.write, `canRestock`). */
  restockable: boolean;
  locale: string;
  /** Its own bordered box (the charge page); inside the order's actions box otherwise. */
  framed?: boolean;
}) {
  const t = await getTranslations("orders");
  return (
    <form
      action={action}
      className={`flex flex-col gap-3${framed ? " rounded-card border border-border p-4" : ""}`}
      aria-labelledby="refund-heading"
    >
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" name="orderId" value={orderId} />
      <h2 id="refund-heading" className="text-lg font-semibold">
        {t("seller.refund")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t("seller.refundLeft", { amount: formatMoney(leftMinor, { currency, locale }) })}
      </p>
      <div className="flex flex-col gap-1 sm:w-48">
        <label htmlFor="refund-amount" className="text-sm font-medium">
          {t("seller.refundAmount", { currency })}
        </label>
        <input
          id="refund-amount"
          name="amount"
          inputMode="decimal"
          required
          defaultValue={fromMinorUnits(leftMinor, currencyDigits(currency))}
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
        <textarea id="refund-note" name="note" rows={2} maxLength={500} className="field-control" />
      </div>
      {restockable ? (
        <div className="flex items-start gap-2">
          <input
            id="refund-restock"
            name="restock"
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            aria-describedby="refund-restock-hint"
          />
          <div className="flex flex-col">
            <label htmlFor="refund-restock" className="text-sm font-medium">
              {t("seller.refundRestock")}
            </label>
            <p id="refund-restock-hint" className="text-sm text-muted-foreground">
              {t("seller.refundRestockHint")}
            </p>
          </div>
        </div>
      ) : null}
      <button
        type="submit"
        className="btn btn-outline h-10 self-start px-4"
        data-testid="refund-submit"
      >
        {t("seller.refundSubmit")}
      </button>
    </form>
  );
}
