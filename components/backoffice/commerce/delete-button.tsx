"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/backoffice/settings/confirm-dialog";
import { useSettingsCommand } from "@/components/backoffice/settings/use-settings-command";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { toast } from "@/components/ui/toast-store";

/**
 * "Remove" on a product's part (an attribute, an identification): asks first, runs the
 * action with the given fields, then goes back to the list with a toast.
 */
export function DeleteButton<R>({
  action,
  fields,
  labels,
  listPath,
}: {
  action: BackofficeAction<R>;
  fields: Record<string, string>;
  labels: {
    button: string;
    title: string;
    body: string;
    confirm: string;
    cancel: string;
    done: string;
  };
  listPath: string;
}) {
  const tu = useTranslations("ui");
  const router = useRouter();
  const remover = useSettingsCommand(action);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="lg"
        className="sm:ml-auto"
        onClick={() => setConfirming(true)}
      >
        <Icon name="trash-2" aria-hidden />
        {labels.button}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={labels.title}
        body={labels.body}
        confirmLabel={labels.confirm}
        cancelLabel={labels.cancel}
        closeLabel={tu("close")}
        pending={remover.pending}
        error={remover.error}
        onConfirm={() =>
          remover.run(fields, () => {
            setConfirming(false);
            toast({ title: labels.done, variant: "success" });
            router.push(listPath);
            router.refresh();
          })
        }
      />
    </>
  );
}
