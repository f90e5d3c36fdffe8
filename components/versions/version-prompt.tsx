"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useEnvironment } from "@/components/app-data/use-environment";
import { Button } from "@/components/ui/button";
import { isNewBuild } from "@/lib/versions/latest-build";
import { useLatestBuildId } from "./use-latest-build";

/**
 * Offers a reload when a new build was deployed while this page was open. The running build
 * comes from /api/environment; the deployed one from builds/latest.json.
 */
export function VersionPrompt() {
  const t = useTranslations("platform");
  const environment = useEnvironment();
  const currentBuildId = environment.data?.buildId ?? null;
  const latestBuildId = useLatestBuildId(currentBuildId !== null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const show = isNewBuild(currentBuildId, latestBuildId) && dismissed !== latestBuildId;

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end"
    >
      {show ? (
        <section
          role="status"
          aria-labelledby="version-prompt-text"
          className="pointer-events-auto flex w-full max-w-md flex-wrap items-center gap-3 rounded-card border border-border bg-surface-2 p-4 shadow-lg"
        >
          <p id="version-prompt-text" className="min-w-0 flex-1 text-sm">
            {t("updateAvailable")}
          </p>
          <div className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={() => setDismissed(latestBuildId)}>
              {t("later")}
            </Button>
            <Button size="sm" onClick={() => window.location.reload()}>
              {t("reload")}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
