"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useState } from "react";
import { readHash, type HashAction } from "@/app/[locale]/(auth)/callback/callback-params";
import { CallbackError } from "./callback-error";

// Only an invitation needs the password form (and its validation code): loaded then.
const InvitationForm = lazy(() =>
  import("./invitation-form").then((module) => ({ default: module.InvitationForm })),
);

type Outcome = Exclude<HashAction, { kind: "reload" }> | null;

/**
 * The hash fragment never reaches the server. Errors and messages in it move into the query
 * and the page reloads (spec §2). Tokens never do: the fragment is wiped from the address
 * bar at once; an invitation's go to the invitation form, any others are refused with a
 * clear message and no session changes (callback-params.ts). No fragment and nothing in the
 * query: this URL is not a sign-in callback.
 */
export function CallbackHash({ next }: { next: string }) {
  const t = useTranslations("auth");
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    const action = readHash(window.location.search, window.location.hash);
    if (action.kind === "reload") {
      window.location.replace(`/callback?${action.query}`);
      return;
    }
    if (action.kind !== "none") {
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + window.location.search,
      );
    }
    // Reading the URL is only possible after hydration; what to show follows from it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOutcome(action);
  }, []);

  if (outcome?.kind === "none") return <CallbackError reason="notPkce" />;
  if (outcome?.kind === "refuse") return <CallbackError reason="notStartedHere" />;
  if (outcome?.kind === "invite") {
    return (
      <Suspense fallback={<p className="text-muted-foreground">{t("callback.working")}</p>}>
        <InvitationForm
          accessToken={outcome.accessToken}
          refreshToken={outcome.refreshToken}
          next={next}
        />
      </Suspense>
    );
  }
  return (
    <p role="status" className="text-muted-foreground">
      {t("callback.working")}
    </p>
  );
}
