import { getTranslations } from "next-intl/server";
import { formatBytes } from "@/lib/files/file-rules";
import type { TierLimits } from "@/lib/modules/catalogue";

/** A tier's limits as a definition list (seats, and storage or items where the module has them). */
export async function TierLimitsList({ limits, locale }: { limits: TierLimits; locale: string }) {
  const t = await getTranslations("billing.purchase");
  const value = (n: number | null | undefined, format: (n: number) => string) =>
    n === null ? t("unlimited") : n === undefined ? null : format(n);
  const rows = [
    [t("seats"), value(limits.seats, String)],
    [t("storage"), value(limits.storageBytes, (n) => formatBytes(n, locale))],
    [t("items"), value(limits.items, (n) => n.toLocaleString(locale))],
  ].filter((row): row is [string, string] => row[1] !== null);
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
      {rows.map(([label, shown]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd>{shown}</dd>
        </div>
      ))}
    </dl>
  );
}
