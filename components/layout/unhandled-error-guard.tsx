"use client";

import { type ReactNode, useEffect, useState } from "react";
import { decideClientError, errorMessageOf } from "./client-errors";
import { TranslatedErrorView } from "./translated-error-view";
import { usePublicPathname } from "@/lib/i18n/use-public-pathname";

/**
 * Unhandled client errors (window `error` / `unhandledrejection`, spec §8): for people the
 * content is replaced by the generic error page (the layout stays, so navigation works and
 * leaving the page recovers); for bots and crawlers the error is only logged. Whether the
 * visitor is a bot is decided from the browser's user agent (`isBotUserAgent`,
 * bot-user-agent.ts), whose list of patterns is loaded only when an error happens: the pages
 * stay the same for everyone, so they can be prerendered, and no first load carries the list.
 */
export function UnhandledErrorGuard({ children }: { children: ReactNode }) {
  const pathname = usePublicPathname();
  const [failedAt, setFailedAt] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const handle = (reason: unknown, fallbackMessage: string | undefined) => {
      const message = errorMessageOf(reason ?? fallbackMessage);
      const at = window.location.pathname;
      console.error("Unhandled client error", reason ?? fallbackMessage);
      void import("./bot-user-agent").then(({ isBotUserAgent }) => {
        const decision = decideClientError(isBotUserAgent(navigator.userAgent), message);
        if (live && decision === "show-error-page") setFailedAt(at);
      });
    };
    const onError = (event: ErrorEvent) => handle(event.error, event.message);
    const onRejection = (event: PromiseRejectionEvent) => handle(event.reason, undefined);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      live = false;
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  // Leaving the page recovers: forget the failure once the path changes.
  if (failedAt !== null && failedAt !== pathname) setFailedAt(null);
  if (failedAt !== null && failedAt === pathname) return <TranslatedErrorView />;
  return children;
}
