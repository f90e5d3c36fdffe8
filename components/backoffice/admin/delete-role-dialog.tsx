"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { deleteRoleSchema } from "@/lib/organisations/role-schema";
import { type BackofficeAction, useBackofficeForm } from "../use-backoffice-form";

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
    schema: deleteRoleSchema,
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

/** Deletes a custom role after a confirmation; a role still in use is refused with a message. */
export function DeleteRoleDialog({
  organisationId,
  role,
  action,
}: {
  organisationId: string;
  role: { id: string; name: string };
  action: BackofficeAction<null>;
}) {
  const t = useTranslations("orgAdmin.roles");
  const tu = useTranslations("ui");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  // The action does not revalidate: the row (and this dialog) would unmount before the answer
  // is handled. Close, tell, then refresh the page.
  const done = useCallback(() => {
    setOpen(false);
    toast({ title: t("deleted"), variant: "success" });
    router.refresh();
  }, [router, t]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("delete", { name: role.name })}>
          <Trash2 aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tu("close")}>
        <DialogTitle className="pr-8">{t("deleteTitle", { name: role.name })}</DialogTitle>
        <DialogDescription className="mt-2">
          {t("deleteBody")} {t("deleteInUse")}
        </DialogDescription>
        {open ? (
          <DeleteRoleForm
            organisationId={organisationId}
            roleId={role.id}
            action={action}
            onDone={done}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
