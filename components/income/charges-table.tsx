import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { formatDate, formatMoney } from "@/lib/i18n/format";
import type { ChargeListItem } from "@/lib/income/queries";
import { IncomeTable, incomeCell, numberCell } from "./income-table";

const statusVariant = {
  paid: "primary",
  partially_refunded: "secondary",
  refunded: "neutral",
} as const;

/** One row per payment received, each linking to its detail (`?id=<orderId>`). */
export async function IncomeChargesTable({
  charges,
  chargePath,
  locale,
  timeZone,
}: {
  charges: readonly ChargeListItem[];
  chargePath: string;
  locale: string;
  timeZone: string;
}) {
  const t = await getTranslations("income");
  if (charges.length === 0) return <p>{t("charges.none")}</p>;
  const money = (minor: number, currency: string) => formatMoney(minor, { currency, locale });
  return (
    <IncomeTable
      caption={t("charges.caption")}
      testId="income-charges"
      headers={[
        t("charges.date"),
        t("charges.order"),
        t("charges.buyer"),
        t("gross"),
        t("charges.fee"),
        t("net"),
        t("charges.refunded"),
        t("status"),
      ]}
    >
      {charges.map((charge) => {
        const status = charge.status as keyof typeof statusVariant;
        return (
          <tr
            key={charge.orderId}
            className="border-t border-border"
            data-testid="income-charge-row"
          >
            <td className={`${incomeCell} whitespace-nowrap`}>
              {formatDate(charge.chargedAt, { locale, timeZone })}
            </td>
            <th scope="row" className={`${incomeCell} text-left font-medium whitespace-nowrap`}>
              <Link
                href={`${chargePath}?id=${charge.orderId}`}
                className="text-primary-text underline underline-offset-4 hover:no-underline"
                aria-label={t("charges.viewLabel", { reference: charge.reference })}
              >
                {charge.reference}
              </Link>
            </th>
            <td className={incomeCell}>
              <span className="block">{charge.buyerName}</span>
              <span className="block text-muted-foreground">{charge.buyerEmail}</span>
            </td>
            <td className={numberCell}>{money(charge.grossMinor, charge.currency)}</td>
            <td className={numberCell}>{money(charge.feeMinor, charge.currency)}</td>
            <td className={numberCell}>{money(charge.netMinor, charge.currency)}</td>
            <td className={numberCell}>{money(charge.refundedMinor, charge.currency)}</td>
            <td className={incomeCell}>
              <Badge variant={statusVariant[status] ?? "neutral"}>
                {statusVariant[status] ? t(`charges.statuses.${status}`) : charge.status}
              </Badge>
            </td>
          </tr>
        );
      })}
    </IncomeTable>
  );
}
