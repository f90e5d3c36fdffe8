import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { type ReactNode } from "react";
import { AppDataProvider } from "@/components/app-data/app-data-provider";
import { pickClientMessages } from "@/components/layout/client-messages";
import { ThemeProvider } from "@/components/providers/theme-provider";
import { LazyToaster } from "@/components/ui/toast-lazy";
import { AppUpdates } from "@/components/versions/app-updates";
import { env, isProduction } from "@/lib/env";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    metadataBase: new URL(env().SITE_URL),
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
  };
}

export const viewport: Viewport = {
  themeColor: "#0d1b2a",
  width: "device-width",
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const t = await getTranslations("ui");
  // Only the namespaces client components read travel to the browser (client-messages.ts).
  const messages = pickClientMessages(await getMessages());
  return (
    <html lang={locale} className="dark" suppressHydrationWarning>
      <body className="bg-background text-foreground antialiased">
        <a
          href="#content"
          className="sr-only rounded-card bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[80]"
        >
          {t("skipToContent")}
        </a>
        <NextIntlClientProvider messages={messages}>
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
