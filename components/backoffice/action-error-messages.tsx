"use client";

import { useLocale, type Messages } from "next-intl";
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from "react";
import { MergeMessages } from "@/components/layout/merge-messages";
import { isLocale, type Locale } from "@/lib/i18n/config";

type ErrorCatalogue = Messages["backoffice"]["errors"];

// One chunk per locale, fetched when a screen with forms has mounted: the ≈ 6 kB of error texts
// an action may answer with are no longer in every such screen's HTML (docs/backoffice.md,
// "Action error texts come with the code"). The whole `backoffice` file is the chunk; its
// errors are kept.
const catalogues: Record<Locale, () => Promise<{ default: Messages["backoffice"] }>> = {
  en: () => import("@/messages/en/backoffice.json"),
  es: () => import("@/messages/es/backoffice.json"),
};

const loading = new Map<Locale, Promise<ErrorCatalogue>>();
const loaded = new Map<Locale, ErrorCatalogue>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function localeOf(locale: string): Locale {
  return isLocale(locale) ? locale : "en";
}

/** The `backoffice.errors` catalogue of a locale (English for an unknown one), loaded once. */
export function loadActionErrorMessages(locale: string): Promise<ErrorCatalogue> {
  const key = localeOf(locale);
  let promise = loading.get(key);
  if (!promise) {
    promise = catalogues[key]().then((module) => {
      loaded.set(key, module.default.errors);
      for (const listener of listeners) listener();
      return module.default.errors;
    });
    // A failed load (offline) is asked again next time.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

const nothing = {};

/**
 * Gives the components below the `backoffice.errors` texts, loaded in the browser after the
 * screen has mounted (nothing is shown from them before an action answers). Rendered on the
 * server and at hydration without them, so both render alike; after a client-side navigation
 * the catalogue is usually at hand already.
 */
export function ActionErrorMessages({ children }: { children: ReactNode }) {
  const locale = localeOf(useLocale());
  const errors = useSyncExternalStore(
    subscribe,
    () => loaded.get(locale) ?? null,
    () => null,
  );
  useEffect(() => {
    loadActionErrorMessages(locale).catch(() => undefined);
  }, [locale]);
  const messages = useMemo(() => (errors ? { backoffice: { errors } } : nothing), [errors]);
  return <MergeMessages messages={messages}>{children}</MergeMessages>;
}
