"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";

/** /dev/error?mode=client: buttons that fail outside React's render, on purpose. */
const subscribeNothing = () => () => {};

export function DevErrorTriggers() {
  const t = useTranslations("devTools");
  // Disabled until hydrated: a click on the server-rendered button would do nothing.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-muted-foreground">{t("description")}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="danger"
          data-testid="throw-unhandled-error"
          disabled={!hydrated}
          onClick={() => {
            throw new Error("Deliberate unhandled client error from /dev/error");
          }}
        >
          {t("throwError")}
        </Button>
        <Button
          variant="outline"
          data-testid="reject-promise"
          disabled={!hydrated}
          onClick={() => {
            void Promise.reject(new Error("Deliberate unhandled rejection from /dev/error"));
          }}
        >
          {t("rejectPromise")}
        </Button>
      </div>
    </section>
  );
}
