"use client";

import { useTranslations } from "next-intl";

/**
 * Sign-in forms talk to the auth service from the browser, so they need JavaScript. Without
 * it this says so (the forms post, so a secret typed anyway never lands in a URL).
 */
export function NoScriptNotice() {
  const t = useTranslations("auth");
  return (
    <noscript>
      <p className="rounded-card border border-danger p-3 text-sm text-danger">{t("noScript")}</p>
    </noscript>
  );
}
