"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import type { EmploymentStatus } from "@/lib/organisations/schema";
import type { BackofficeAction } from "../use-backoffice-form";
import { ConfirmCommand } from "./confirm-command";
import { useCommand } from "./use-command";

type EmploymentAction = BackofficeAction<{ id: string; version: number }>;

/**
 * Suspend (asks first), reactivate, end (asks first) — or, on one's own membership, leave.
 * Each posts the version the page read.
 */
export function EmploymentStatusActions({
  organisationId,
  organisationName,
  employmentId,
  version,
  status,
  name,
  self,
  afterLeaveHref,
  actions,
}: {
  organisationId: string;
  organisationName: string;
  employmentId: string;
  version: number;
  status: EmploymentStatus;
  name: string;
  self: boolean;
  afterLeaveHref: string;
  actions: { suspend: EmploymentAction; reactivate: EmploymentAction; end: EmploymentAction };
}) {
  const t = useTranslations("people.detail");
  const tu = useTranslations("ui");
  const router = useRouter();
  const fields = { organisationId, employmentId, version };
  const reactivate = useCommand(actions.reactivate, () => {
    toast({ title: t("reactivated", { name }), variant: "success" });
    router.refresh();
  });
  const open = status === "active" || status === "suspended";
  return (
    <div className="flex flex-wrap gap-2">
      {status === "active" && !self ? (
        <ConfirmCommand
          action={actions.suspend}
          fields={fields}
          onDone={() => {
            toast({ title: t("suspended", { name }), variant: "success" });
            router.refresh();
          }}
          trigger={t("suspend")}
          triggerSize="md"
          title={t("suspendTitle", { name })}
          body={t("suspendBody")}
          confirm={t("suspend")}
          cancel={t("cancel")}
          closeLabel={tu("close")}
        />
      ) : null}
      {status === "suspended" && !self ? (
        <form action={reactivate.formAction}>
          {Object.entries(fields).map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <Button type="submit" variant="outline" disabled={reactivate.pending}>
            {t("reactivate")}
          </Button>
        </form>
      ) : null}
      {open ? (
        <ConfirmCommand
          action={actions.end}
          fields={fields}
          onDone={() => {
            toast({ title: self ? t("left") : t("ended"), variant: "success" });
            if (self) router.push(afterLeaveHref);
            else router.refresh();
          }}
          trigger={self ? t("leave") : t("end")}
          triggerVariant="danger"
          triggerSize="md"
          title={
            self ? t("leaveTitle", { organisation: organisationName }) : t("endTitle", { name })
          }
          body={self ? t("leaveBody") : t("endBody")}
          confirm={self ? t("leave") : t("end")}
          cancel={t("cancel")}
          closeLabel={tu("close")}
        />
      ) : null}
    </div>
  );
}
