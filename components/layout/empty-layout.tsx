import { headers } from "next/headers";
import { type ReactNode } from "react";
import { isBotUserAgent } from "./bot-user-agent";
import { NavigationProgress } from "./navigation-progress";
import { UnhandledErrorGuard } from "./unhandled-error-guard";

/** No chrome: just the content (e.g. /linkpage). */
export async function EmptyLayout({ children }: { children: ReactNode }) {
  const isBot = isBotUserAgent((await headers()).get("user-agent"));
  return (
    <>
      <NavigationProgress />
      <main id="content" tabIndex={-1} className="min-h-dvh outline-none">
        <UnhandledErrorGuard isBot={isBot}>{children}</UnhandledErrorGuard>
      </main>
    </>
  );
}
