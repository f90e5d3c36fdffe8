"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { toast } from "@/components/ui/toast-store";
import type { BackofficeAction } from "../use-backoffice-form";
import { useLazyDialog } from "../use-lazy-dialog";

const DeleteRoleDialogBody = dynamic(
  () => import("./delete-role-dialog-body").then((m) => m.DeleteRoleDialogBody),
  { ssr: false },
);

/**
 * Deletes a custom role after a confirmation; a role still in use is refused with a message.
 * The dialog loads on the first click (use-lazy-dialog.ts).
 */
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
  const router = useRouter();
  const { triggerProps, mounted, dialogProps, close } = useLazyDialog();
  // The action does not revalidate: the row (and this dialog) would unmount before the answer
  // is handled. Close, tell, then refresh the page.
  const done = useCallback(() => {
    close();
    toast({ title: t("deleted"), variant: "success" });
    router.refresh();
  }, [close, router, t]);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={t("delete", { name: role.name })}
        {...triggerProps}
      >
        <Icon name="trash-2" />
      </Button>
      {mounted ? (
        <DeleteRoleDialogBody
          organisationId={organisationId}
          role={role}
          action={action}
          dialog={dialogProps}
          onDone={done}
        />
      ) : null}
    </>
  );
}
