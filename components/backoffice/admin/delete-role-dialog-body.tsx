"use client";

import { useTranslations } from "next-intl";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/components/ui/dialog";
import { type BackofficeAction, useBackofficeForm } from "../use-backoffice-form";
import type { LazyDialogProps } from "../use-lazy-dialog";

function DeleteRoleForm({
  organisationId,
  roleId,
  action,
  onDone,
}: {
  organisationId: string;
  roleId: string;
  action: BackofficeAction<null>;
  onDone: () => void;
}) {
  const t = useTranslations("orgAdmin.roles");
  const { form, onSubmit, formError, pending } = useBackofficeForm({
    schema: () => import("@/lib/organisations/role-schema").then((m) => m.deleteRoleSchema),
    action,
    defaultValues: { roleId },
    onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="mt-5 flex flex-col gap-4">
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" {...form.register("roleId")} />
      <FormAlert message={formError} />
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="ghost">
            {t("cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? t("saving") : t("deleteConfirm")}
        </Button>
      </div>
    </form>
  );
}

/** The confirmation dialog of delete-role-dialog.tsx (loaded on first use). */
export function DeleteRoleDialogBody({
  organisationId,
  role,
  action,
  dialog: { onCloseAutoFocus, ...dialog },
  onDone,
}: {
  organisationId: string;
  role: { id: string; name: string };
  action: BackofficeAction<null>;
  dialog: LazyDialogProps;
  onDone: () => void;
}) {
  const t = useTranslations("orgAdmin.roles");
  const tu = useTranslations("ui");
  return (
    <Dialog {...dialog}>
      <DialogContent closeLabel={tu("close")} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="pr-8">{t("deleteTitle", { name: role.name })}</DialogTitle>
        <DialogDescription className="mt-2">
          {t("deleteBody")} {t("deleteInUse")}
        </DialogDescription>
        {dialog.open ? (
          <DeleteRoleForm
            organisationId={organisationId}
            roleId={role.id}
            action={action}
            onDone={onDone}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
