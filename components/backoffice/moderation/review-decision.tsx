"use client";

import { useTranslations } from "next-intl";
import {
  createContext,
  type ReactNode,
  useActionState,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import type { ActionState } from "@/lib/backoffice/action-state";
import { translateValidationMessage } from "@/lib/validation/messages";

type Decided = { id: string; status: "visible" | "removed"; tags: string[] };

interface Decisions {
  state: ActionState<Decided>;
  formAction: (formData: FormData) => void;
  pending: boolean;
  /** The review whose form was sent last: the answer (an error) is shown on it. */
  target: string | null;
  setTarget(reviewId: string): void;
}

const DecisionsContext = createContext<Decisions | null>(null);

/**
 * The queue's one decision action, around the list. A decided review leaves the list in the
 * same answer that brings the action's result (the action expires tags, so Next sends the
 * page again), which unmounts its form: the toast is raised here, above the list.
 */
export function ReviewDecisions({
  action,
  children,
}: {
  action: BackofficeAction<Decided>;
  children: ReactNode;
}) {
  const t = useTranslations("reviewsAdmin.moderation");
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const [target, setTarget] = useState<string | null>(null);
  const handled = useRef(state);
  useEffect(() => {
    if (handled.current === state) return;
    handled.current = state;
    if (state.status === "done") {
      toast({
        title: state.data.status === "visible" ? t("restored") : t("removed"),
        variant: "success",
      });
    }
  }, [state, t]);
  return (
    <DecisionsContext.Provider value={{ state, formAction, pending, target, setTarget }}>
      {children}
    </DecisionsContext.Provider>
  );
}

/**
 * A moderator's decision on one reported review: an optional note, then "Restore" or
 * "Remove" (the pressed button names the decision; without JavaScript the form posts it to
 * the same server action).
 */
export function ReviewDecision({
  reviewId,
  noteMaxLength,
}: {
  reviewId: string;
  noteMaxLength: number;
}) {
  const decisions = useContext(DecisionsContext);
  if (!decisions) throw new Error("ReviewDecision belongs inside ReviewDecisions.");
  const t = useTranslations("reviewsAdmin.moderation");
  const te = useTranslations("backoffice.errors");
  const tv = useTranslations("validation");
  const id = useId();
  const { formAction, pending, setTarget } = decisions;
  const state: ActionState<Decided> =
    decisions.target === reviewId ? decisions.state : { status: "idle" };
  const noteError =
    state.status === "invalid" && state.fieldErrors.note
      ? translateValidationMessage(tv, state.fieldErrors.note[0])
      : null;
  const error =
    state.status === "error"
      ? te(state.code as "notFound")
      : state.status === "failed"
        ? te("failed", { requestId: state.requestId })
        : state.status === "invalid" && !noteError
          ? te("notFound")
          : null;
  return (
    <form
      action={formAction}
      onSubmit={() => setTarget(reviewId)}
      className="flex flex-col gap-2"
      aria-busy={pending && decisions.target === reviewId}
    >
      <input type="hidden" name="reviewId" value={reviewId} />
      <label htmlFor={`${id}-note`} className="text-sm font-medium">
        {t("note")}
      </label>
      <textarea
        id={`${id}-note`}
        name="note"
        rows={2}
        maxLength={noteMaxLength}
        aria-describedby={`${id}-help${noteError ? ` ${id}-error` : ""}`}
        aria-invalid={noteError ? true : undefined}
        className="field-control"
      />
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        {t("noteHelp")}
      </p>
      {noteError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {noteError}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" name="decision" value="restore" disabled={pending}>
          {t("restore")}
        </Button>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          name="decision"
          value="remove"
          disabled={pending}
        >
          {t("remove")}
        </Button>
      </div>
    </form>
  );
}
