"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState, useTransition } from "react";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { idleState, type ActionState } from "@/lib/backoffice/action-state";

/**
 * Runs a back-office action from a button (move, delete, resend…): posts the given fields as
 * a form, tracks pending, and turns a failure into the catalogue's message.
 */
export function useSettingsCommand<R>(action: BackofficeAction<R>) {
  const t = useTranslations("backoffice.errors");
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    (fields: Record<string, string>, onDone: (data: R) => void) => {
      const formData = new FormData();
      for (const [name, value] of Object.entries(fields)) formData.set(name, value);
      setError(null);
      startTransition(async () => {
        let state: ActionState<R>;
        try {
          state = await action(idleState, formData);
        } catch {
          state = { status: "failed", requestId: "-" };
        }
        if (state.status === "done") onDone(state.data);
        else if (state.status === "error") setError(t(state.code as "failed"));
        else if (state.status === "failed") setError(t("failed", { requestId: state.requestId }));
        else setError(t("notFound"));
      });
    },
    [action, t],
  );

  return { run, pending, error, clearError: () => setError(null) };
}
