"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** Shown when /api/environment cannot be loaded after its retries (spec §8). */
export function EnvironmentAlert({ onRetry }: { onRetry: () => void }) {
  const t = useTranslations("platform");
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-3 border-b border-border bg-surface px-4 py-3 text-sm"
    >
      <p className="font-medium text-danger">{t("environmentNotFound")}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t("retry")}
      </Button>
    </div>
  );
}
