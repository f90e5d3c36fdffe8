import { getTranslations } from "next-intl/server";
import type { OrderRow } from "@/lib/orders/queries";

/** An order's three states side by side (order, payment, fulfilment), as words. */
export async function OrderStates({
  order,
}: {
  order: Pick<OrderRow, "status" | "paymentStatus" | "fulfilmentStatus">;
}) {
  const t = await getTranslations("orders");
  const items: [string, string, string][] = [
    [t("stateLabels.order"), t(`status.${order.status}`), "state-order"],
    [t("stateLabels.payment"), t(`payment.${order.paymentStatus}`), "state-payment"],
    [t("stateLabels.fulfilment"), t(`fulfilment.${order.fulfilmentStatus}`), "state-fulfilment"],
  ];
  return (
    <dl className="flex flex-wrap gap-2 text-sm">
      {items.map(([label, value, testId]) => (
        <div key={testId} className="rounded-full border border-border px-3 py-1">
          <dt className="sr-only">{label}</dt>
          <dd data-testid={testId}>
            <span aria-hidden className="text-muted-foreground">
              {label}:{" "}
            </span>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
