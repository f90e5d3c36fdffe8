"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useId, useRef } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast-store";

/** The id of the bulk form: each row's checkbox joins it with `form={bulkFormId}`. */
export const bulkFormId = "product-bulk";

/**
 * Publish, unpublish, archive or restore the ticked products at once: all or none (the
 * command refuses the whole change when one product cannot take it). Works as a plain form
 * post without JavaScript.
 */
export function BulkStatusForm({
  organisationId,
  action,
  canPublish,
}: {
  organisationId: string;
  action: BackofficeAction<{ ids: string[]; tags: string[] }>;
  canPublish: boolean;
}) {
  const t = useTranslations("commerce.bulk");
  const te = useTranslations("backoffice.errors");
  const router = useRouter();
  const selectId = useId();
  const [state, formAction, pending] = useActionState(action, { status: "idle" });
  const handled = useRef(state);
  useEffect(() => {
    if (handled.current === state) return;
    handled.current = state;
    if (state.status === "done") {
      toast({ title: t("done", { count: state.data.ids.length }), variant: "success" });
      router.refresh();
    }
  }, [state, router, t]);
  const error =
    state.status === "error"
      ? te(state.code as "failed")
      : state.status === "failed"
        ? te("failed", { requestId: state.requestId })
        : state.status === "invalid"
          ? t("noneSelected")
          : null;
  const actions = [
    ...(canPublish ? (["publish", "unpublish"] as const) : []),
    "archive",
    "restore",
  ] as const;
  return (
    <form
      id={bulkFormId}
      action={formAction}
      aria-busy={pending}
      className="mb-4 flex flex-col gap-2"
    >
      <input type="hidden" name="organisationId" value={organisationId} />
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium">
            {t("label")}
          </label>
          <NativeSelect
            id={selectId}
            name="action"
            options={actions.map((value) => ({ value, label: t(`actions.${value}`) }))}
          />
        </div>
        <Button type="submit" variant="outline" disabled={pending}>
          {t("apply")}
        </Button>
      </div>
      <FormAlert message={error} />
    </form>
  );
}
