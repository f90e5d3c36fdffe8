import { getTranslations } from "next-intl/server";
import { formatBytes } from "@/lib/files/file-rules";
import { cn } from "@/lib/utils/cn";

/** The tier's quota and what is used of it, as text and as a meter. */
export async function StorageUsage({
  used,
  quota,
  locale,
}: {
  used: number;
  quota: number;
  locale: string;
}) {
  const t = await getTranslations("storage");
  const percent = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 100;
  const text = t("usage", { used: formatBytes(used, locale), quota: formatBytes(quota, locale) });
  return (
    <section
      aria-labelledby="storage-usage-label"
      className="rounded-card border border-border bg-surface p-4"
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <h2 id="storage-usage-label" className="font-semibold">
          {t("usageLabel")}
        </h2>
        <p data-testid="storage-usage" className="text-muted-foreground">
          {text}
        </p>
      </div>
      <div
        role="meter"
        aria-labelledby="storage-usage-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={cn("h-full rounded-full", percent >= 90 ? "bg-danger" : "bg-accent")}
          style={{ width: `${percent}%` }}
        />
      </div>
    </section>
  );
}
