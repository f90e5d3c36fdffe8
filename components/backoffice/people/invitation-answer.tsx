"use client";

import { useActionState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/backoffice/action-state";
import type { AppErrorCode } from "@/lib/errors/app-error";

type Answer = ActionState<{ organisationId: string }>;
type AnswerAction = (state: Answer, formData: FormData) => Promise<Answer>;

export type InvitationAnswerTexts = {
  accept: string;
  accepting: string;
  decline: string;
  declining: string;
  /** Messages of the expected refusals, by code; `fallback` for anything else. */
  errors: Partial<Record<AppErrorCode, string>>;
  fallback: string;
};

/**
 * Accept or decline on the invitee's page. The profile pages carry only the public
 * catalogues, so the server passes the texts in. Accepting redirects (from the action) to
 * the organisation's dashboard; declining revalidates the page, which then shows the answer.
 */
export function InvitationAnswer({
  invitationId,
  acceptAction,
  declineAction,
  texts,
}: {
  invitationId: string;
  acceptAction: AnswerAction;
  declineAction: AnswerAction;
  texts: InvitationAnswerTexts;
}) {
  const [accepted, accept, accepting] = useActionState(acceptAction, { status: "idle" });
  const [declined, decline, declining] = useActionState(declineAction, { status: "idle" });

  const failure = [accepted, declined].find((s) => s.status === "error" || s.status === "failed");
  const message =
    failure?.status === "error"
      ? (texts.errors[failure.code] ?? texts.fallback)
      : failure?.status === "failed"
        ? texts.fallback
        : null;
  const busy = accepting || declining;
  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={message} />
      <div className="flex flex-wrap gap-3">
        <form action={accept}>
          <input type="hidden" name="invitationId" value={invitationId} />
          <Button type="submit" size="lg" disabled={busy}>
            {accepting ? texts.accepting : texts.accept}
          </Button>
        </form>
        <form action={decline}>
          <input type="hidden" name="invitationId" value={invitationId} />
          <Button type="submit" size="lg" variant="outline" disabled={busy}>
            {declining ? texts.declining : texts.decline}
          </Button>
        </form>
      </div>
    </div>
  );
}
