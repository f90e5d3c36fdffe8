"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useAuth } from "@/components/auth/auth-context";
import { Button } from "@/components/ui/button";

type State = "idle" | "pending" | "done" | "failed";

/** Ends every other session of this user (signOut scope "others"); this one stays. */
export function SignOutOthers() {
  const t = useTranslations("profile");
  const { authClient } = useAuth();
  const [state, setState] = useState<State>("idle");

  const signOutOthers = async () => {
    setState("pending");
    const client = await authClient();
    const { error } = await client.auth.signOut({ scope: "others" });
    setState(error ? "failed" : "done");
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted-foreground">{t("security.othersIntro")}</p>
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={state === "pending"}
          onClick={signOutOthers}
        >
          {state === "pending" ? t("security.othersPending") : t("security.othersSubmit")}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {state === "done" ? t("security.othersDone") : null}
      </p>
      {state === "failed" ? (
        <p role="alert" className="text-sm text-danger">
          {t("errors.failed")}
        </p>
      ) : null}
    </div>
  );
}
