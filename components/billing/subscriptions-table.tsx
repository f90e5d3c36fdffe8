import { getTranslations } from "next-intl/server";
import type { SubscriptionView } from "@/lib/billing/overview";
import { formatDate, formatMoney } from "@/lib/i18n/format";

const headCell = "px-3 py-2 text-left font-medium whitespace-nowrap";
const cell = "px-3 py-2";

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
    <div className="relative overflow-x-auto rounded-card border border-border">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t("tiersCaption")}</caption>
        <thead className="bg-surface-2 text-muted-foreground">
          <tr>
            {[t("module"), t("tier"), t("status"), t("price"), t("renewal")].map((label) => (
              <th key={label} scope="col" className={headCell}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
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
                {row.status === "active"
                  ? formatDate(row.currentPeriodEnd, { locale, timeZone })
                  : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
