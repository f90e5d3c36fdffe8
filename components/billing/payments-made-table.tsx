import Link from "next/link";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { PageLinks } from "@/components/ui/page-links";
import type { PaymentsMadePage } from "@/lib/billing/payments-made";
import { formatMoney } from "@/lib/i18n/format";
import { BillingTable, billingCell } from "./billing-table";

const cell = billingCell;
const statusVariant = {
  paid: "primary",
  partially_refunded: "secondary",
  refunded: "neutral",
} as const;

/**
 * The buyer's payments made, one row each: the date links to its receipt
 * (`/profile/billing/charge?id=`), the reference to its order. Paginated with `?page=` on
 * `basePath`.
 */
export async function PaymentsMadeTable({
  page,
  basePath,
}: {
  page: PaymentsMadePage;
  basePath: string;
}) {
  const [t, to, locale, format] = await Promise.all([
    getTranslations("billing.payments"),
    getTranslations("orders"),
    getLocale(),
    getFormatter(),
  ]);
  if (page.items.length === 0) return <p className="text-muted-foreground">{t("none")}</p>;
  const pageHref = (n: number) => (n > 1 ? `${basePath}?page=${n}` : basePath);
  return (
    <div className="flex flex-col gap-3">
      <BillingTable
        caption={t("caption")}
        headers={[t("date"), t("shop"), t("order"), t("amount"), t("refunded"), t("status")]}
      >
        {page.items.map((payment) => {
          const date = format.dateTime(payment.paidAt, { dateStyle: "medium" });
          const money = (minor: number) =>
            formatMoney(minor, { currency: payment.currency, locale });
          const status = payment.paymentStatus as keyof typeof statusVariant;
          return (
            <tr key={payment.orderId} className="border-t border-border" data-testid="payment-row">
              <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
                <Link
                  href={`/profile/billing/charge?id=${payment.orderId}`}
                  className="text-primary-text underline underline-offset-4 hover:no-underline"
                  aria-label={t("viewLabel", { date, shop: payment.sellerName })}
                >
                  {date}
                </Link>
              </th>
              <td className={cell}>{payment.sellerName}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <Link
                  href={`/profile/order/${payment.orderId}`}
                  className="text-primary-text underline underline-offset-4 hover:no-underline"
                >
                  {payment.reference}
                </Link>
              </td>
              <td className={`${cell} whitespace-nowrap`}>{money(payment.totalMinor)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {payment.refundedMinor > 0 ? money(payment.refundedMinor) : "—"}
              </td>
              <td className={cell}>
                <Badge variant={statusVariant[status] ?? "neutral"}>
                  {to(`payment.${payment.paymentStatus}`)}
                </Badge>
              </td>
            </tr>
          );
        })}
      </BillingTable>
      <PageLinks
        page={page.page}
        pages={page.pageCount}
        href={pageHref}
        labels={{
          navigation: t("pagination.navigation"),
          previous: t("pagination.previous"),
          next: t("pagination.next"),
          position: t("pagination.position", { page: page.page, pages: page.pageCount }),
        }}
      />
    </div>
  );
}
