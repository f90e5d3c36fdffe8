"use client";

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
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { createFolderAction } from "@/app/[locale]/backoffice/organisation/[organisationId]/storage/actions";
import { FILE_NAME_MAX } from "@/lib/files/file-rules";
import { useBackofficeForm } from "../use-backoffice-form";
import { Icon } from "@/components/ui/icon";

/** "New folder": a dialog with the folder's name, created in the open folder. */
export function CreateFolderDialog({
  organisationId,
  parentId,
  folderName,
}: {
  organisationId: string;
  parentId: string | null;
  folderName: string;
}) {
  const t = useTranslations("storage");
  const tu = useTranslations("ui");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="primary">
          <Icon name="folder-plus" aria-hidden className="size-4" />
          {t("newFolder")}
        </Button>
      </DialogTrigger>
      <DialogContent size="sm" closeLabel={tu("close")}>
        <DialogTitle>{t("newFolderTitle")}</DialogTitle>
        <DialogDescription className="mt-1">
          {t("newFolderIn", { folder: folderName })}
        </DialogDescription>
        <CreateFolderForm
          organisationId={organisationId}
          parentId={parentId}
          onCreated={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function CreateFolderForm({
  organisationId,
  parentId,
  onCreated,
}: {
  organisationId: string;
  parentId: string | null;
  onCreated: () => void;
}) {
  const t = useTranslations("storage");
  const onDone = useCallback(
    (_data: { id: string }, form: { getValues: (name: "name") => string }) => {
      toast({
        title: t("folderCreated", { name: form.getValues("name").trim() }),
        variant: "success",
      });
      onCreated();
    },
    [onCreated, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () => import("@/lib/files/file-schema").then((m) => m.createFolderSchema),
    action: createFolderAction,
    defaultValues: { parentId: parentId ?? "", name: "" },
    onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="mt-4 flex flex-col gap-4">
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" {...form.register("parentId")} />
      <FormAlert message={formError} />
      <FormField label={t("folderName")} errors={errorOf("name")} required>
        <Input autoComplete="off" maxLength={FILE_NAME_MAX} autoFocus {...form.register("name")} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">{t("cancel")}</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? t("creating") : t("create")}
        </Button>
      </div>
    </form>
  );
}
