import { type ReactNode } from "react";
import { NavigationProgress } from "./navigation-progress";
import { UnhandledErrorGuard } from "./unhandled-error-guard";

/** No chrome: just the content (e.g. /linkpage). */
export async function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <NavigationProgress />
      <main id="content" tabIndex={-1} className="min-h-dvh outline-none">
        <UnhandledErrorGuard>{children}</UnhandledErrorGuard>
      </main>
    </>
  );
}
