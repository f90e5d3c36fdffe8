"use client";

import { useTranslations } from "next-intl";
import { ErrorView } from "./error-view";

/** The generic error page inside the app's providers (error.tsx, the unhandled-error guard). */
export function TranslatedErrorView() {
  const t = useTranslations("errors");
  return <ErrorView title={t("title")} homeLabel={t("home")} />;
}
