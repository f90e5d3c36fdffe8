"use client";

import { useLocale, type Messages } from "next-intl";
import { use, useMemo, type ReactNode } from "react";
import { MergeMessages } from "@/components/layout/merge-messages";
import { isLocale, type Locale } from "@/lib/i18n/config";

type QuickAccessCatalogue = Messages["quickAccess"];

// One chunk per locale, loaded with the panel's or the hub browser's code: the texts of the
// whole category tree (≈ 4 kB) are not in every page's HTML (docs/bench.md).
const catalogues: Record<Locale, () => Promise<{ default: QuickAccessCatalogue }>> = {
  en: () => import("@/messages/en/quickAccess.json"),
  es: () => import("@/messages/es/quickAccess.json"),
};

const loading = new Map<string, Promise<QuickAccessCatalogue>>();

/** A JSON module as `require` gives it: the object, or a namespace with it as default. */
function jsonModule(loaded: unknown): QuickAccessCatalogue {
  const value = loaded as { default?: QuickAccessCatalogue } & QuickAccessCatalogue;
  return value.default ?? value;
}

// On the server both are at hand (only the server's bundle requires them), so the hub renders
// its browser without suspending (hub-browser.tsx).
/* eslint-disable @typescript-eslint/no-require-imports */
const onServer: Record<Locale, QuickAccessCatalogue> | undefined =
  typeof window === "undefined"
    ? {
        en: jsonModule(require("@/messages/en/quickAccess.json")),
        es: jsonModule(require("@/messages/es/quickAccess.json")),
      }
    : undefined;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The "quickAccess" catalogue of a locale (English for an unknown one), loaded once. */
export function loadQuickAccessMessages(locale: string): Promise<QuickAccessCatalogue> {
  const key: Locale = isLocale(locale) ? locale : "en";
  let promise = loading.get(key);
  if (!promise) {
    promise = catalogues[key]().then((module) => module.default);
    loading.set(key, promise);
  }
  return promise;
}

/**
 * Gives the components below the "quickAccess" catalogue on top of the page's messages. It
 * suspends until the catalogue is there (on the server too, where the hub renders the browser).
 */
export function QuickAccessMessages({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const quickAccess =
    onServer?.[isLocale(locale) ? locale : "en"] ?? use(loadQuickAccessMessages(locale));
  const messages = useMemo(() => ({ quickAccess }), [quickAccess]);
  return <MergeMessages messages={messages}>{children}</MergeMessages>;
}
