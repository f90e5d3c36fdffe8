"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useId, useRef } from "react";
import { useRouter } from "next/navigation";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";

type Write = { id: string; tags: string[] };

function useDone(state: { status: string }, message: string) {
  const router = useRouter();
  const handled = useRef(state);
  useEffect(() => {
    if (handled.current === state) return;
    handled.current = state;
    if (state.status === "done") {
      toast({ title: message, variant: "success" });
      router.refresh();
    }
  }, [state, message, router]);
}

/** The organisation's public answer under a review, and (when allowed) the report form. */
export function ReviewAnswer({
  organisationId,
  reviewId,
  reply,
  canReply,
  canReport,
  replyAction,
  reportAction,
}: {
  organisationId: string;
  reviewId: string;
  reply: string | null;
  canReply: boolean;
  canReport: boolean;
  replyAction: BackofficeAction<Write>;
  reportAction: BackofficeAction<Write>;
}) {
  const t = useTranslations("reviewsAdmin");
  const te = useTranslations("backoffice.errors");
  const id = useId();
  const [replyState, replyFormAction, replying] = useActionState(replyAction, { status: "idle" });
  const [reportState, reportFormAction, reporting] = useActionState(reportAction, {
    status: "idle",
  });
  useDone(replyState, t("replied"));
  useDone(reportState, t("reported"));
  const errorOf = (state: typeof replyState) =>
    state.status === "error"
      ? te(state.code as "failed")
      : state.status === "invalid"
        ? t("invalid")
        : state.status === "failed"
          ? te("failed", { requestId: state.requestId })
          : null;
  return (
    <div className="flex flex-col gap-3">
      {canReply ? (
        <form action={replyFormAction} className="flex flex-col gap-2" aria-busy={replying}>
          <input type="hidden" name="organisationId" value={organisationId} />
          <input type="hidden" name="reviewId" value={reviewId} />
          <label htmlFor={`${id}-reply`} className="text-sm font-medium">
            {t("replyLabel")}
          </label>
          <textarea
            id={`${id}-reply`}
            name="reply"
            rows={2}
            maxLength={2000}
            defaultValue={reply ?? ""}
            className="field-control"
          />
          {errorOf(replyState) ? (
            <p role="alert" className="text-sm text-danger">
              {errorOf(replyState)}
            </p>
          ) : null}
          <div>
            <Button type="submit" size="sm" disabled={replying}>
              {reply ? t("updateReply") : t("sendReply")}
            </Button>
          </div>
        </form>
      ) : null}
      {canReport ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">{t("report")}</summary>
          <form
            action={reportFormAction}
            className="mt-2 flex flex-col gap-2"
            aria-busy={reporting}
          >
            <input type="hidden" name="organisationId" value={organisationId} />
            <input type="hidden" name="reviewId" value={reviewId} />
            <label htmlFor={`${id}-reason`} className="font-medium">
              {t("reason")}
            </label>
            <input
              id={`${id}-reason`}
              name="reason"
              required
              maxLength={500}
              className="field-control h-10"
            />
            {errorOf(reportState) ? (
              <p role="alert" className="text-danger">
                {errorOf(reportState)}
              </p>
            ) : null}
            <div>
              <Button type="submit" size="sm" variant="outline" disabled={reporting}>
                {t("sendReport")}
              </Button>
            </div>
          </form>
        </details>
      ) : null}
    </div>
  );
}
