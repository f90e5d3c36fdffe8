"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import { toast } from "@/components/ui/toast-store";
import type { ActionState } from "@/lib/backoffice/action-state";
import type { BackofficeAction } from "../use-backoffice-form";

/**
 * A one-button command (resend, revoke, suspend…): posts its form through the action and
 * gives feedback: `onDone` on success, a toast with the error's message otherwise. The
 * forms carry only ids and versions, so an invalid answer reads as "not found".
 */
export function useCommand<R>(action: BackofficeAction<R>, onDone: (data: R) => void) {
  const t = useTranslations("backoffice.errors");
  const [state, formAction, pending] = useActionState<ActionState<R>, FormData>(action, {
    status: "idle",
  });
  const handled = useRef<ActionState<R> | null>(null);
  useEffect(() => {
    if (handled.current === state) return;
    handled.current = state;
    if (state.status === "done") onDone(state.data);
    else if (state.status === "error") {
      toast({ title: t(state.code as "notFound"), variant: "danger" });
    } else if (state.status === "invalid") {
      toast({ title: t("notFound"), variant: "danger" });
    } else if (state.status === "failed") {
      toast({ title: t("failed", { requestId: state.requestId }), variant: "danger" });
    }
  }, [state, onDone, t]);
  return { formAction, pending };
}
