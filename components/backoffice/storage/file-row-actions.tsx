"use client";

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
} from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { FormField } from "@/components/ui/form-field";
import { fieldControlClass, Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import {
  deleteFileAction,
  moveFileAction,
  renameFileAction,
} from "@/app/[locale]/backoffice/organisation/[organisationId]/storage/actions";
import { FILE_NAME_MAX } from "@/lib/files/file-rules";
import type { FolderPath } from "@/lib/files/files";
import { cn } from "@/lib/utils/cn";
import { useBackofficeForm } from "../use-backoffice-form";
import { Icon } from "@/components/ui/icon";

export interface RowEntry {
  id: string;
  kind: "folder" | "file";
  name: string;
  parentId: string | null;
}

type DialogKind = "rename" | "move" | "delete";

export interface FileRowActionsProps {
  organisationId: string;
  entry: RowEntry;
  downloadHref: string | null;
  canWrite: boolean;
  canDelete: boolean;
  folders: readonly FolderPath[];
  rootLabel: string;
}

/** The actions menu of one entry: download, rename, move, delete (each as permitted). */
export function FileRowActions({
  organisationId,
  entry,
  downloadHref,
  canWrite,
  canDelete,
  folders,
  rootLabel,
  defaultOpen = false,
}: FileRowActionsProps & {
  /** Opens at once: the menu was loaded by a click on its placeholder (file-row-menu.tsx). */
  defaultOpen?: boolean;
}) {
  const t = useTranslations("storage");
  const tu = useTranslations("ui");
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const close = useCallback(() => setDialog(null), []);
  if (!downloadHref && !canWrite && !canDelete) return null;
  return (
    <>
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t("actionsFor", { name: entry.name })}>
            <Icon name="ellipsis" aria-hidden className="size-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {downloadHref ? (
            <DropdownMenuItem asChild>
              <a href={downloadHref} download={entry.name}>
                <Icon name="download" aria-hidden />
                {t("download")}
              </a>
            </DropdownMenuItem>
          ) : null}
          {canWrite ? (
            <>
              <DropdownMenuItem onSelect={() => setDialog("rename")}>
                <Icon name="pencil" aria-hidden />
                {t("rename")}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setDialog("move")}>
                <Icon name="folder-input" aria-hidden />
                {t("move")}
              </DropdownMenuItem>
            </>
          ) : null}
          {canDelete ? (
            <DropdownMenuItem onSelect={() => setDialog("delete")} className="text-danger">
              <Icon name="trash-2" aria-hidden />
              {t("delete")}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? null : close())}>
        <DialogContent size="sm" closeLabel={tu("close")}>
          {dialog === "rename" ? (
            <RenameForm organisationId={organisationId} entry={entry} onDone={close} />
          ) : dialog === "move" ? (
            <MoveForm
              organisationId={organisationId}
              entry={entry}
              folders={folders}
              rootLabel={rootLabel}
              onDone={close}
            />
          ) : dialog === "delete" ? (
            <DeleteForm organisationId={organisationId} entry={entry} onDone={close} />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

interface FormProps {
  organisationId: string;
  entry: RowEntry;
  onDone: () => void;
}

function FormButtons({
  pending,
  idle,
  busy,
  danger,
}: {
  pending: boolean;
  idle: string;
  busy: string;
  danger?: boolean;
}) {
  const t = useTranslations("storage");
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <DialogClose asChild>
        <Button variant="outline">{t("cancel")}</Button>
      </DialogClose>
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={pending}>
        {pending ? busy : idle}
      </Button>
    </div>
  );
}

function RenameForm({ organisationId, entry, onDone }: FormProps) {
  const t = useTranslations("storage");
  const done = useCallback(
    (_data: { id: string }, form: { getValues: (name: "name") => string }) => {
      toast({ title: t("renamed", { name: form.getValues("name").trim() }), variant: "success" });
      onDone();
    },
    [onDone, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () => import("@/lib/files/file-schema").then((m) => m.renameFileSchema),
    action: renameFileAction,
    defaultValues: { id: entry.id, name: entry.name },
    onDone: done,
  });
  return (
    <>
      <DialogTitle>{t("renameTitle", { name: entry.name })}</DialogTitle>
      <form onSubmit={onSubmit} noValidate aria-busy={pending} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="organisationId" value={organisationId} />
        <input type="hidden" {...form.register("id")} />
        <FormAlert message={formError} />
        <FormField label={t("newName")} errors={errorOf("name")} required>
          <Input
            autoComplete="off"
            maxLength={FILE_NAME_MAX}
            autoFocus
            {...form.register("name")}
          />
        </FormField>
        <FormButtons pending={pending} idle={t("save")} busy={t("saving")} />
      </form>
    </>
  );
}

function MoveForm({
  organisationId,
  entry,
  folders,
  rootLabel,
  onDone,
}: FormProps & { folders: readonly FolderPath[]; rootLabel: string }) {
  const t = useTranslations("storage");
  const router = useRouter();
  const done = useCallback(() => {
    toast({ title: t("moved", { name: entry.name }), variant: "success" });
    onDone();
    router.refresh();
  }, [entry.name, onDone, router, t]);
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm({
    schema: () => import("@/lib/files/file-schema").then((m) => m.moveFileSchema),
    action: moveFileAction,
    defaultValues: { id: entry.id, targetId: entry.parentId ?? "" },
    onDone: done,
  });
  // A folder cannot go into itself or anything inside it.
  const targets = folders.filter((folder) => !folder.ids.includes(entry.id));
  return (
    <>
      <DialogTitle>{t("moveTitle", { name: entry.name })}</DialogTitle>
      <DialogDescription className="mt-1">{t("moveDescription")}</DialogDescription>
      <form onSubmit={onSubmit} noValidate aria-busy={pending} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="organisationId" value={organisationId} />
        <input type="hidden" {...form.register("id")} />
        <FormAlert message={formError} />
        <FormField label={t("destination")} errors={errorOf("targetId")} required>
          <select className={cn(fieldControlClass, "h-10")} {...form.register("targetId")}>
            <option value="">{rootLabel}</option>
            {targets.map((folder) => (
              <option key={folder.id} value={folder.id}>
                {[rootLabel, ...folder.path].join(" / ")}
              </option>
            ))}
          </select>
        </FormField>
        <FormButtons pending={pending} idle={t("moveHere")} busy={t("moving")} />
      </form>
    </>
  );
}

function DeleteForm({ organisationId, entry, onDone }: FormProps) {
  const t = useTranslations("storage");
  const router = useRouter();
  const done = useCallback(() => {
    toast({ title: t("deleted", { name: entry.name }), variant: "success" });
    onDone();
    router.refresh();
  }, [entry.name, onDone, router, t]);
  const { form, onSubmit, formError, pending } = useBackofficeForm({
    schema: () => import("@/lib/files/file-schema").then((m) => m.deleteFileSchema),
    action: deleteFileAction,
    defaultValues: { id: entry.id },
    onDone: done,
  });
  return (
    <>
      <DialogTitle>{t("deleteTitle", { name: entry.name })}</DialogTitle>
      <DialogDescription className="mt-1">
        {entry.kind === "folder" ? t("deleteFolderBody") : t("deleteFileBody")}
      </DialogDescription>
      <form onSubmit={onSubmit} noValidate aria-busy={pending} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="organisationId" value={organisationId} />
        <input type="hidden" {...form.register("id")} />
        <FormAlert message={formError} />
        <FormButtons pending={pending} idle={t("delete")} busy={t("deleting")} danger />
      </form>
    </>
  );
}
