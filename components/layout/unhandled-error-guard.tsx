"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { decideClientError, errorMessageOf } from "./client-errors";
import { TranslatedErrorView } from "./translated-error-view";

/**
 * Unhandled client errors (window `error` / `unhandledrejection`, spec §8): for people the
 * content is replaced by the generic error page (the layout stays, so navigation works and
 * leaving the page recovers); for bots and crawlers the error is only logged. Whether the
 * visitor is a bot is decided by the server from the request's user agent
 * (`isBotUserAgent`, bot-user-agent.ts), so the browser does not load the list of bot patterns.
 */
export function UnhandledErrorGuard({ isBot, children }: { isBot: boolean; children: ReactNode }) {
  const pathname = usePathname();
  const [failedAt, setFailedAt] = useState<string | null>(null);

  useEffect(() => {
    const handle = (reason: unknown, fallbackMessage: string | undefined) => {
      const message = errorMessageOf(reason ?? fallbackMessage);
      const decision = decideClientError(isBot, message);
      console.error("Unhandled client error", reason ?? fallbackMessage);
      if (decision === "show-error-page") setFailedAt(window.location.pathname);
    };
    const onError = (event: ErrorEvent) => handle(event.error, event.message);
    const onRejection = (event: PromiseRejectionEvent) => handle(event.reason, undefined);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, [isBot]);

  // Leaving the page recovers: forget the failure once the path changes.
  if (failedAt !== null && failedAt !== pathname) setFailedAt(null);
  if (failedAt !== null && failedAt === pathname) return <TranslatedErrorView />;
  return children;
}
