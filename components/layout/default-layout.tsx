import { headers } from "next/headers";
import { type ReactNode } from "react";
import { QuickAccessProvider } from "@/components/quick-access/quick-access-provider";
import { isBotUserAgent } from "./bot-user-agent";
import { DrawerNav } from "./drawer-nav";
import { drawerInitScript } from "./drawer-store";
import { GoogleOneTapSlot } from "./google-one-tap-slot";
import { NavigationDrawer } from "./navigation-drawer";
import { NavigationProgress } from "./navigation-progress";
import { SiteFooter } from "./site-footer";
import { TopBar } from "./top-bar";
import { topBarIcons } from "./top-bar-icons";
import { UnhandledErrorGuard } from "./unhandled-error-guard";

/** Top bar, drawer, content and footer. Pages render their content; the <main> is here. */
export async function DefaultLayout({ children }: { children: ReactNode }) {
  const isBot = isBotUserAgent((await headers()).get("user-agent"));
  return (
    <QuickAccessProvider>
      <script dangerouslySetInnerHTML={{ __html: drawerInitScript }} />
      <NavigationProgress />
      <div className="flex min-h-dvh flex-col">
        <TopBar icons={topBarIcons()} />
        <div className="flex flex-1">
          <NavigationDrawer nav={<DrawerNav />} />
          <main id="content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            <UnhandledErrorGuard isBot={isBot}>{children}</UnhandledErrorGuard>
          </main>
        </div>
        <SiteFooter />
      </div>
      <GoogleOneTapSlot />
    </QuickAccessProvider>
  );
}
