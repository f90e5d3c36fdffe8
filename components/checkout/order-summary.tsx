import { getLocale, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/i18n/format";

export interface SummaryLine {
  key: string;
  title: string;
  optionLabel: string;
  quantity: number;
  unitPriceMinor: number;
  taxRateBasisPoints: number;
  totalMinor: number;
  /** Shown instead of a price: the line cannot be bought. */
  problem?: string;
}

export interface SummaryTotals {
  subtotalMinor: number;
  discountMinor: number;
  deliveryMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/**
 * An order's lines and totals, as checkout, the payment page and the order pages show them:
 * each line with its quantity, unit price and tax rate, then subtotal, discount, delivery,
 * tax and total, and whether prices include tax.
 */
export async function OrderSummary({
  lines,
  totals,
  currency,
  pricesIncludeTax,
  heading,
}: {
  lines: SummaryLine[];
  totals: SummaryTotals;
  currency: string;
  pricesIncludeTax: boolean;
  heading: string;
}) {
  const [t, locale] = await Promise.all([getTranslations("checkout"), getLocale()]);
  const money = (minor: number) => formatMoney(minor, { currency, locale });
  const percent = (basisPoints: number) =>
    new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
      basisPoints / 10_000,
    );
  const rows: [string, number, string][] = [
    [t("subtotal"), totals.subtotalMinor, "summary-subtotal"],
    ...(totals.discountMinor > 0
      ? [[t("discountLine"), -totals.discountMinor, "summary-discount"] as [string, number, string]]
      : []),
    [t("deliveryLine"), totals.deliveryMinor, "summary-delivery"],
    [t("tax"), totals.taxMinor, "summary-tax"],
  ];
  return (
    <section aria-labelledby="order-summary" className="flex flex-col gap-3">
      <h2 id="order-summary" className="text-lg font-semibold">
        {heading}
      </h2>
      <ul className="flex flex-col divide-y divide-border" data-testid="summary-lines">
        {lines.map((line) => (
          <li key={line.key} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0">
              <p className="font-medium break-words">{line.title}</p>
              {line.optionLabel ? (
                <p className="text-sm text-muted-foreground">{line.optionLabel}</p>
              ) : null}
              <p className="text-sm text-muted-foreground">
                {t("quantityTimes", { quantity: line.quantity, price: money(line.unitPriceMinor) })}
                {line.taxRateBasisPoints > 0
                  ? ` · ${t("taxRate", { rate: percent(line.taxRateBasisPoints) })}`
                  : null}
              </p>
              {line.problem ? (
                <p className="text-sm font-medium text-danger">{line.problem}</p>
              ) : null}
            </div>
            <p className="font-medium">{line.problem ? null : money(line.totalMinor)}</p>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-1 border-t border-border pt-3">
        {rows.map(([label, amount, testId]) => (
          <div key={testId} className="flex justify-between gap-4 text-sm">
            <dt>{label}</dt>
            <dd data-testid={testId}>{money(amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 pt-2 text-lg font-bold">
          <dt>{t("total")}</dt>
          <dd data-testid="summary-total">{money(totals.totalMinor)}</dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">
        {pricesIncludeTax ? t("taxIncluded") : t("taxAdded")}
      </p>
    </section>
  );
}
