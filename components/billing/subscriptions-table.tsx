import { getTranslations } from "next-intl/server";
import { BillingTable, billingCell } from "./billing-table";
import type { SubscriptionView } from "@/lib/billing/overview";
import { formatDate, formatMoney } from "@/lib/i18n/format";

const cell = billingCell;

/** The organisation's paid tiers: module, tier, state, price and next renewal. */
export async function SubscriptionsTable({
  subscriptions,
  locale,
  timeZone,
}: {
  subscriptions: readonly SubscriptionView[];
  locale: string;
  timeZone: string;
}) {
  const [t, tb] = await Promise.all([
    getTranslations("billing.org"),
    getTranslations("backoffice"),
  ]);
  if (subscriptions.length === 0) return <p>{t("noTiers")}</p>;
  return (
    <BillingTable
      caption={t("tiersCaption")}
      headers={[t("module"), t("tier"), t("status"), t("price"), t("renewal")]}
    >
      {subscriptions.map((row) => (
        <tr key={row.id} className="border-t border-border" data-testid="paid-tier">
          <th scope="row" className={`${cell} text-left font-medium`}>
            {tb(`moduleNames.${row.module}` as "moduleNames.commerce")}
          </th>
          <td className={cell}>{tb(`tierNames.${row.tier}` as "tierNames.pro")}</td>
          <td className={cell}>{t(`statuses.${row.status}` as "statuses.active")}</td>
          <td className={cell}>
            {t("perMonth", {
              price: formatMoney(row.priceMinor, { currency: row.currency, locale }),
            })}
          </td>
          <td className={cell}>
            {row.status === "active" ? formatDate(row.currentPeriodEnd, { locale, timeZone }) : "—"}
          </td>
        </tr>
      ))}
    </BillingTable>
  );
}
