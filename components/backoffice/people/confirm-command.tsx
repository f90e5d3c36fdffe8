"use client";

import { type ReactNode, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import type { BackofficeAction } from "../use-backoffice-form";
import { useCommand } from "./use-command";

export type ConfirmCommandProps<R> = {
  action: BackofficeAction<R>;
  /** Hidden fields posted with the command (organisationId, ids, version). */
  fields: Record<string, string | number>;
  onDone: (data: R) => void;
  trigger: ReactNode;
  triggerLabel?: string;
  triggerVariant?: ButtonProps["variant"];
  triggerSize?: ButtonProps["size"];
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  closeLabel: string;
};

/** A destructive command behind a confirmation dialog (the dialog closes once it is done). */
export function ConfirmCommand<R>({
  action,
  fields,
  onDone,
  trigger,
  triggerLabel,
  triggerVariant = "outline",
  triggerSize = "sm",
  title,
  body,
  confirm,
  cancel,
  closeLabel,
}: ConfirmCommandProps<R>) {
  const [open, setOpen] = useState(false);
  const { formAction, pending } = useCommand(action, (data) => {
    setOpen(false);
    onDone(data);
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={triggerVariant} size={triggerSize} aria-label={triggerLabel}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={closeLabel}>
        <DialogTitle className="pr-8">{title}</DialogTitle>
        <DialogDescription className="mt-2">{body}</DialogDescription>
        <form action={formAction} className="mt-5 flex flex-wrap justify-end gap-2">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <DialogClose asChild>
            <Button type="button" variant="ghost">
              {cancel}
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" disabled={pending} aria-busy={pending}>
            {confirm}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
