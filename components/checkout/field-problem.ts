"use client";

import { useTranslations } from "next-intl";
import type { ActionState } from "@/lib/backoffice/action-state";
import { translateValidationMessage } from "@/lib/validation/messages";

/** A field's message from an action's answer (the schema's, or an expected failure on it). */
export function useFieldProblem(state: ActionState<unknown> | { status: string }) {
  const tv = useTranslations("validation");
  return (field: string): string | null => {
    if (state.status === "invalid" && "fieldErrors" in state) {
      const message = state.fieldErrors[field]?.[0];
      return message === undefined ? null : translateValidationMessage(tv, message);
    }
    return null;
  };
}
