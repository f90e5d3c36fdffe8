import { type ReactNode } from "react";
import { QuickAccessProvider } from "@/components/quick-access/quick-access-provider";
import { DrawerNav } from "./drawer-nav";
import { drawerInitScript } from "./drawer-store";
import { NavigationDrawer } from "./navigation-drawer";
import { NavigationProgress } from "./navigation-progress";
import { SiteFooter } from "./site-footer";
import { TopBar } from "./top-bar";
import { topBarIcons } from "./top-bar-icons";
import { UnhandledErrorGuard } from "./unhandled-error-guard";

/** Top bar, drawer, content and footer. Pages render their content; the <main> is here. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <QuickAccessProvider>
      <script dangerouslySetInnerHTML={{ __html: drawerInitScript }} />
      <NavigationProgress />
      <div className="flex min-h-dvh flex-col">
        <TopBar icons={topBarIcons()} />
        <div className="flex flex-1">
          <NavigationDrawer nav={<DrawerNav />} />
          <main id="content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            <UnhandledErrorGuard>{children}</UnhandledErrorGuard>
          </main>
        </div>
        <SiteFooter />
      </div>
    </QuickAccessProvider>
  );
}
