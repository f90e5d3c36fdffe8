import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { type ReactNode } from "react";
import { SessionEvents } from "@/components/backoffice/session-events";
import { DefaultLayout } from "@/components/layout/default-layout";
import { getBrowserAuthConfig } from "@/lib/auth/server/browser-config";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("backoffice");
  return {
    title: { default: t("portalTitle"), template: `%s · ${t("portalTitle")}` },
    robots: { index: false },
  };
}

/**
 * The back office: the default layout (its back-office top bar: a link back to the
 * marketplace, no search or Quick Access), nuqs for the URL state of its tables, and the
 * session events (components/backoffice/session-events.tsx). Each screen passes the messages
 * its client components read (components/backoffice/screen-messages.ts); the root document's
 * shell namespaces are all the frame needs.
 */
export default async function BackofficeLayout({ children }: { children: ReactNode }) {
  return (
    <DefaultLayout variant="backoffice">
      <NuqsAdapter>{children}</NuqsAdapter>
      <SessionEvents config={await getBrowserAuthConfig()} />
    </DefaultLayout>
  );
}
