import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { type ReactNode } from "react";
import { AuthBoundary } from "@/components/auth/auth-boundary";
import { DefaultLayout } from "@/components/layout/default-layout";
import { ScopedMessages } from "@/components/layout/scoped-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("backoffice");
  return {
    title: { default: t("portalTitle"), template: `%s · ${t("portalTitle")}` },
    robots: { index: false },
  };
}

/**
 * The back office: the default layout (its back-office top bar: a link back to the
 * marketplace, no search or Quick Access), the auth provider, the back-office catalogue
 * namespaces for its client components, and nuqs for the URL state of its tables.
 */
export default function BackofficeLayout({ children }: { children: ReactNode }) {
  return (
    <DefaultLayout variant="backoffice">
      <ScopedMessages scope="backoffice">
        <AuthBoundary>
          <NuqsAdapter>{children}</NuqsAdapter>
        </AuthBoundary>
      </ScopedMessages>
    </DefaultLayout>
  );
}
