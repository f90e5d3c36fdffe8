import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import { formatMoney, formatRate } from "@/lib/invoices/format";
import type { DocumentSnapshot } from "@/lib/invoices/snapshot";

/** A document's totals and its tax breakdown per rate (prices include tax). */
export async function InvoiceTotals({
  snapshot,
  locale,
}: {
  snapshot: DocumentSnapshot;
  locale: Locale;
}) {
  const t = await getTranslations("invoices.document");
  const money = (minor: number) => formatMoney(locale, minor, snapshot.currency);
  const { totals } = snapshot;
  const rows: [string, string, boolean][] = [[t("subtotal"), money(totals.subtotalMinor), false]];
  if (totals.discountMinor > 0) {
    rows.push([t("discount"), `−${money(totals.discountMinor)}`, false]);
  }
  if (totals.deliveryMinor > 0) rows.push([t("delivery"), money(totals.deliveryMinor), false]);
  rows.push(
    [
      snapshot.kind === "credit_note" ? t("totalCredited") : t("total"),
      money(totals.totalMinor),
      true,
    ],
    [t("taxIncluded"), money(totals.taxMinor), false],
  );
  const number = "px-3 py-2 text-right whitespace-nowrap";
  return (
    <div className="flex flex-col gap-6">
      <dl
        className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm"
        data-testid="invoice-totals"
      >
        {rows.map(([label, value, strong]) => (
          <div key={label} className={`contents ${strong ? "font-semibold" : ""}`}>
            <dt>{label}</dt>
            <dd className="text-right">{value}</dd>
          </div>
        ))}
      </dl>
      <div
        className="relative overflow-x-auto rounded-card border border-border"
        tabIndex={0}
        role="region"
        aria-labelledby="invoice-taxes"
      >
        <table className="w-full text-sm">
          <caption id="invoice-taxes" className="p-3 text-left font-semibold">
            {t("taxes")}
          </caption>
          <thead className="border-b border-border">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                {t("rate")}
              </th>
              <th scope="col" className={number}>
                {t("base")}
              </th>
              <th scope="col" className={number}>
                {t("tax")}
              </th>
              <th scope="col" className={number}>
                {t("gross")}
              </th>
            </tr>
          </thead>
          <tbody>
            {snapshot.taxes.map((tax) => (
              <tr key={tax.rateBps} className="border-b border-border last:border-0">
                <td className="px-3 py-2">{formatRate(locale, tax.rateBps)}</td>
                <td className={number}>{money(tax.baseMinor)}</td>
                <td className={number}>{money(tax.taxMinor)}</td>
                <td className={number}>{money(tax.grossMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">{t("pricesIncludeTax")}</p>
    </div>
  );
}
