import { getLocale, getTranslations } from "next-intl/server";
import { formatAddressLines } from "@/lib/addresses/addresses";
import type { OrderRow } from "@/lib/orders/queries";

/** Delivery method, contact and the delivery address copied when the order was placed. */
export async function OrderFacts({ order }: { order: OrderRow }) {
  const [t, locale] = await Promise.all([getTranslations("orders.detail"), getLocale()]);
  const address = order.shippingAddress;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
      <dt className="text-muted-foreground">{t("delivery")}</dt>
      <dd>
        {order.delivery.method === "pickup" ? t("pickup") : order.delivery.name}
        {order.delivery.method === "pickup" && order.delivery.note ? (
          <span className="block text-muted-foreground">{order.delivery.note}</span>
        ) : null}
      </dd>
      <dt className="text-muted-foreground">{t("contact")}</dt>
      <dd className="break-words">
        {order.contact.name}
        <span className="block">{order.contact.email}</span>
        {order.contact.phone ? <span className="block">{order.contact.phone}</span> : null}
      </dd>
      {address ? (
        <>
          <dt className="text-muted-foreground">{t("address")}</dt>
          <dd className="whitespace-pre-line">
            {formatAddressLines(
              {
                recipientName: address.recipient,
                line1: address.line1,
                line2: address.line2,
                city: address.city,
                region: address.region,
                postalCode: address.postalCode ?? "",
                country: address.country,
              },
              locale,
            ).join("\n")}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
