import { getTranslations } from "next-intl/server";
import { errorCodeOf } from "@/lib/billing/card-schema";
import type { ChargeView } from "@/lib/billing/overview";
import { formatDate, formatDateTime, formatMoney } from "@/lib/i18n/format";
import { cardLabel } from "./method-list";

/** One platform charge as a receipt: what, for which period, how much, with which card. */
export async function ChargeReceipt({
  charge,
  organisationName,
  locale,
  timeZone,
}: {
  charge: ChargeView;
  organisationName: string;
  locale: string;
  timeZone: string;
}) {
  const [t, tb, te] = await Promise.all([
    getTranslations("billing.charges"),
    getTranslations("backoffice"),
    getTranslations("billing.errors"),
  ]);
  const rows: [string, string][] = [
    [t("billedTo"), organisationName],
    [t("charged"), formatDateTime(charge.settledAt ?? charge.createdAt, { locale, timeZone })],
    [
      t("description"),
      t("line", {
        module: tb(`moduleNames.${charge.module}` as "moduleNames.commerce"),
        tier: tb(`tierNames.${charge.tier}` as "tierNames.pro"),
        kind: t(`kinds.${charge.kind}` as "kinds.purchase"),
      }),
    ],
    [
      t("period"),
      t("periodValue", {
        start: formatDate(charge.periodStart, { locale, timeZone }),
        end: formatDate(charge.periodEnd, { locale, timeZone }),
      }),
    ],
    [t("amount"), formatMoney(charge.amountMinor, { currency: charge.currency, locale })],
    [t("status"), t(`statuses.${charge.status}` as "statuses.pending")],
    [t("card"), charge.cardLast4 ? cardLabel(charge.cardBrand, charge.cardLast4) : "—"],
    [t("reference"), charge.paymentId ?? "—"],
  ];
  if (charge.failureCode) rows.push([t("failure"), te(errorCodeOf(charge.failureCode))]);
  return (
    <dl
      className="grid max-w-2xl gap-3 rounded-card border border-border bg-surface p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6"
      data-testid="charge-receipt"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
