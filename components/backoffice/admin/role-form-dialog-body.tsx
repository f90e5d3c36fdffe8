"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast-store";
import { roleLimits } from "@/lib/organisations/role-schema";
import { type BackofficeAction, useBackofficeForm } from "../use-backoffice-form";
import type { LazyDialogProps } from "../use-lazy-dialog";

type EditedRole = { id: string; version: number; name: string; description: string };

function RoleFields({
  errorOf,
  register,
}: {
  errorOf: (field: "name" | "description") => string | undefined;
  register: (field: "name" | "description") => UseFormRegisterReturn;
}) {
  const t = useTranslations("orgAdmin.roles");
  return (
    <>
      <p className="text-sm text-muted-foreground">{t("required")}</p>
      <FormField label={t("name")} errors={errorOf("name")} required>
        <Input maxLength={roleLimits.name.max} autoComplete="off" {...register("name")} />
      </FormField>
      <FormField label={t("description")} errors={errorOf("description")}>
        <Textarea rows={3} maxLength={roleLimits.description.max} {...register("description")} />
      </FormField>
    </>
  );
}

function CreateRoleForm({
  organisationId,
  action,
  onDone,
}: {
  organisationId: string;
  action: BackofficeAction<{ id: string }>;
  onDone: () => void;
}) {
  const t = useTranslations("orgAdmin.roles");
  const done = useCallback(() => {
    toast({ title: t("created"), variant: "success" });
    onDone();
  }, [onDone, t]);
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () => import("@/lib/organisations/role-schema").then((m) => m.createRoleSchema),
    action,
    defaultValues: { name: "", description: "" },
    onDone: done,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="mt-4 flex flex-col gap-4">
      <input type="hidden" name="organisationId" value={organisationId} />
      <FormAlert message={formError} />
      <RoleFields errorOf={errorOf} register={(field) => form.register(field)} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : t("createSubmit")}
        </Button>
      </div>
    </form>
  );
}

function EditRoleForm({
  organisationId,
  action,
  role,
  onDone,
}: {
  organisationId: string;
  action: BackofficeAction<{ version: number }>;
  role: EditedRole;
  onDone: () => void;
}) {
  const t = useTranslations("orgAdmin.roles");
  const done = useCallback(() => {
    toast({ title: t("saved"), variant: "success" });
    onDone();
  }, [onDone, t]);
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () => import("@/lib/organisations/role-schema").then((m) => m.updateRoleSchema),
    action,
    defaultValues: {
      roleId: role.id,
      version: role.version,
      name: role.name,
      description: role.description,
    },
    onDone: done,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="mt-4 flex flex-col gap-4">
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" {...form.register("roleId")} />
      <input type="hidden" {...form.register("version")} />
      <FormAlert message={formError} />
      <RoleFields errorOf={errorOf} register={(field) => form.register(field)} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("saving") : t("editSubmit")}
        </Button>
      </div>
    </form>
  );
}

export type RoleDialogTarget =
  | { organisationId: string; mode: "create"; action: BackofficeAction<{ id: string }> }
  | {
      organisationId: string;
      mode: "edit";
      action: BackofficeAction<{ version: number }>;
      role: EditedRole;
    };

/** The "New role" or "Edit" dialog (role-form-dialog.tsx loads it on first use). */
export function RoleFormDialogBody({
  target,
  dialog: { onCloseAutoFocus, ...dialog },
  close,
}: {
  target: RoleDialogTarget;
  dialog: LazyDialogProps;
  close: () => void;
}) {
  const t = useTranslations("orgAdmin.roles");
  const tu = useTranslations("ui");
  return (
    <Dialog {...dialog}>
      <DialogContent
        closeLabel={tu("close")}
        aria-describedby={undefined}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogTitle className="pr-8">
          {target.mode === "create" ? t("createTitle") : t("editTitle")}
        </DialogTitle>
        {target.mode === "create" ? (
          <CreateRoleForm
            organisationId={target.organisationId}
            action={target.action}
            onDone={close}
          />
        ) : (
          <EditRoleForm
            organisationId={target.organisationId}
            action={target.action}
            role={target.role}
            onDone={close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
