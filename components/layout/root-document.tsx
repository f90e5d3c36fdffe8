import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { type ReactNode } from "react";
import { AppDataProvider } from "@/components/app-data/app-data-provider";
import { pickClientMessages } from "@/components/layout/client-messages";
import { ThemeProvider } from "@/components/providers/theme-provider";
import { LazyToaster } from "@/components/ui/toast-lazy";
import { AppUpdates } from "@/components/versions/app-updates";
import { isProduction } from "@/lib/env";
import type { Locale } from "@/lib/i18n/config";

/**
 * The document every page of the app renders in: <html lang>, the skip link and the
 * providers. Used by the root layout (app/[locale]/layout.tsx, where the locale is the
 * segment the proxy rewrote to) and by app/global-not-found.tsx (unmatched URLs). Nothing
 * here reads the request, so the public pages built on it are prerendered per locale
 * (docs/architecture.md, "Public pages are cached").
 */
export async function RootDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [t, messages] = await Promise.all([
    getTranslations({ locale, namespace: "ui" }),
    getMessages({ locale }),
  ]);
  return (
    <html lang={locale} className="dark" suppressHydrationWarning>
      <body className="bg-background text-foreground antialiased">
        <a
          href="#content"
          className="sr-only rounded-card bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[80]"
        >
          {t("skipToContent")}
        </a>
        {/* Only the namespaces client components read travel to the browser (client-messages.ts). */}
        <NextIntlClientProvider locale={locale} messages={pickClientMessages(messages)}>
          <ThemeProvider>
            <AppDataProvider>
              {children}
              <AppUpdates serviceWorker={isProduction()} />
            </AppDataProvider>
            <LazyToaster />
          </ThemeProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
