"use client";

import { useEffect, useSyncExternalStore } from "react";
import { handleChunkLoadError } from "@/components/versions/chunk-reload-listener";
import { ErrorView } from "@/components/layout/error-view";
import en from "@/messages/en/errors.json";
import es from "@/messages/es/errors.json";
import "./globals.css";

const catalogues = { en, es } as const;
const noop = () => () => {};

/**
 * Replaces the root layout when it fails, so no i18n provider is there: the error page's two
 * strings come straight from the catalogues, picked by the page's language.
 */
export default function GlobalError({ error }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    // A chunk that failed to load (a deploy replaced it) reloads the page once instead.
    if (handleChunkLoadError(error)) return;
    console.error(error);
  }, [error]);
  const locale = useSyncExternalStore(
    noop,
    () => (navigator.language.toLowerCase().startsWith("es") ? "es" : "en"),
    () => "en" as const,
  );
  const t = catalogues[locale];
  return (
    <html lang={locale} className="dark">
      <body className="bg-background text-foreground antialiased">
        <title>{t.title}</title>
        <main id="content">
          <ErrorView title={t.title} homeLabel={t.home} />
        </main>
      </body>
    </html>
  );
}
