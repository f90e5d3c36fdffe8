"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useId, useRef } from "react";
import { useRouter } from "next/navigation";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import type { ActionState } from "@/lib/backoffice/action-state";
import { translateValidationMessage } from "@/lib/validation/messages";

type Decided = { id: string; status: "visible" | "removed"; tags: string[] };

/**
 * A moderator's decision on one reported review: an optional note, then "Restore" or
 * "Remove" (the pressed button names the decision; without JavaScript the form posts it).
 * Once decided the review leaves the queue: a toast, then the page is read again.
 */
export function ReviewDecision({
  reviewId,
  noteMaxLength,
  action,
}: {
  reviewId: string;
  noteMaxLength: number;
  action: BackofficeAction<Decided>;
}) {
  const t = useTranslations("reviewsAdmin.moderation");
  const te = useTranslations("backoffice.errors");
  const tv = useTranslations("validation");
  const id = useId();
  const router = useRouter();
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const handled = useRef<ActionState<Decided>>(state);
  useEffect(() => {
    if (handled.current === state) return;
    handled.current = state;
    if (state.status === "done") {
      toast({
        title: state.data.status === "visible" ? t("restored") : t("removed"),
        variant: "success",
      });
      router.refresh();
    }
  }, [state, t, router]);
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
    <form action={formAction} className="flex flex-col gap-2" aria-busy={pending}>
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
