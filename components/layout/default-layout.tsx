import { type ReactNode } from "react";
import { QuickAccessProvider } from "@/components/quick-access/quick-access-provider";
import { DrawerNav } from "./drawer-nav";
import { GoogleOneTapSlot } from "./google-one-tap-slot";
import { ShellInitScripts } from "./init-scripts";
import { NavigationDrawer } from "./navigation-drawer";
import { NavigationProgress } from "./navigation-progress";
import { SiteFooter } from "./site-footer";
import { TopBar, type TopBarVariant } from "./top-bar";
import { TopBarAccountStatic } from "./top-bar-account-static";
import { UnhandledErrorGuard } from "./unhandled-error-guard";

/**
 * Top bar, drawer, content and footer. Pages render their content; the <main> is here.
 * `variant="backoffice"`: the top bar links back to the marketplace and has no search or
 * Quick Access (so no panel is mounted), and no Google one-tap prompt (members are signed in).
 */
export async function DefaultLayout({
  children,
  variant = "marketplace",
}: {
  children: ReactNode;
  variant?: TopBarVariant;
}) {
  const backoffice = variant === "backoffice";
  const page = (
    <>
      {/* Inline scripts (allowed by hash: lib/security/content-security-policy.ts). */}
      <ShellInitScripts />
      <NavigationProgress />
      <div className="flex min-h-dvh flex-col">
        <TopBar account={<TopBarAccountStatic />} variant={variant} />
        <div className="flex flex-1">
          <NavigationDrawer nav={<DrawerNav />} />
          <main id="content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            <UnhandledErrorGuard>{children}</UnhandledErrorGuard>
          </main>
        </div>
        <SiteFooter />
      </div>
    </>
  );
  if (backoffice) return page;
  return (
    <QuickAccessProvider>
      {page}
      <GoogleOneTapSlot />
    </QuickAccessProvider>
  );
}
