"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import type { BackofficeAction } from "../use-backoffice-form";
import { ConfirmCommand } from "./confirm-command";
import { useCommand } from "./use-command";

type InvitationAction = BackofficeAction<{ id: string }>;

/** Resend and withdraw of one pending invitation (withdraw asks first). */
export function InvitationRowActions({
  organisationId,
  invitationId,
  email,
  resendAction,
  revokeAction,
}: {
  organisationId: string;
  invitationId: string;
  email: string;
  resendAction: InvitationAction;
  revokeAction: InvitationAction;
}) {
  const t = useTranslations("people.invitations");
  const tu = useTranslations("ui");
  const router = useRouter();
  const resend = useCommand(resendAction, () => {
    toast({ title: t("resent", { email }), variant: "success" });
    router.refresh();
  });
  const fields = { organisationId, invitationId };
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <form action={resend.formAction}>
        <input type="hidden" name="organisationId" value={organisationId} />
        <input type="hidden" name="invitationId" value={invitationId} />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={resend.pending}
          aria-label={t("resendLabel", { email })}
        >
          {t("resend")}
        </Button>
      </form>
      <ConfirmCommand
        action={revokeAction}
        fields={fields}
        onDone={() => {
          toast({ title: t("revoked", { email }), variant: "success" });
          router.refresh();
        }}
        trigger={t("revoke")}
        triggerLabel={t("revokeLabel", { email })}
        title={t("revokeTitle")}
        body={t("revokeBody", { email })}
        confirm={t("revokeConfirm")}
        cancel={t("cancel")}
        closeLabel={tu("close")}
      />
    </div>
  );
}
