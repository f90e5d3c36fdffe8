import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import { formatMoney, formatRate } from "@/lib/invoices/format";
import type { DocumentSnapshot } from "@/lib/invoices/snapshot";
import { DocumentTable, numericCell, textCell } from "./document-table";

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
      <DocumentTable
        id="invoice-taxes"
        caption={t("taxes")}
        headers={[t("rate"), t("base"), t("tax"), t("gross")]}
      >
        {snapshot.taxes.map((tax) => (
          <tr key={tax.rateBps} className="border-b border-border last:border-0">
            <td className={textCell}>{formatRate(locale, tax.rateBps)}</td>
            <td className={numericCell}>{money(tax.baseMinor)}</td>
            <td className={numericCell}>{money(tax.taxMinor)}</td>
            <td className={numericCell}>{money(tax.grossMinor)}</td>
          </tr>
        ))}
      </DocumentTable>
      <p className="text-xs text-muted-foreground">{t("pricesIncludeTax")}</p>
    </div>
  );
}
