import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BillingTable, billingCell } from "./billing-table";
import { Badge } from "@/components/ui/badge";
import type { ChargeView } from "@/lib/billing/overview";
import { formatDate, formatMoney } from "@/lib/i18n/format";
import { cardLabel } from "./method-list";

const cell = billingCell;
const statusVariant = { pending: "neutral", succeeded: "primary", failed: "danger" } as const;

/** One row per platform charge, each linking to its receipt (`?id=`). */
export async function ChargesTable({
  charges,
  base,
  locale,
  timeZone,
}: {
  charges: readonly ChargeView[];
  base: string;
  locale: string;
  timeZone: string;
}) {
  const [t, tb] = await Promise.all([
    getTranslations("billing.charges"),
    getTranslations("backoffice"),
  ]);
  if (charges.length === 0) return <p>{t("none")}</p>;
  return (
    <BillingTable
      caption={t("caption")}
      headers={[t("date"), t("description"), t("amount"), t("status"), t("card")]}
    >
      {charges.map((charge) => {
        const date = formatDate(charge.createdAt, { locale, timeZone });
        const status = charge.status as keyof typeof statusVariant;
        return (
          <tr key={charge.id} className="border-t border-border" data-testid="charge-row">
            <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
              <Link
                href={`${base}?id=${charge.id}`}
                className="text-primary-text underline underline-offset-4 hover:no-underline"
                aria-label={t("viewLabel", { date })}
              >
                {date}
              </Link>
            </th>
            <td className={cell}>
              {t("line", {
                module: tb(`moduleNames.${charge.module}` as "moduleNames.commerce"),
                tier: tb(`tierNames.${charge.tier}` as "tierNames.pro"),
                kind: t(`kinds.${charge.kind}` as "kinds.purchase"),
              })}
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              {formatMoney(charge.amountMinor, { currency: charge.currency, locale })}
            </td>
            <td className={cell}>
              <Badge variant={statusVariant[status] ?? "neutral"}>{t(`statuses.${status}`)}</Badge>
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              {charge.cardLast4 ? cardLabel(charge.cardBrand, charge.cardLast4) : "—"}
            </td>
          </tr>
        );
      })}
    </BillingTable>
  );
}
