"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { useLazyDialog } from "../use-lazy-dialog";
import type { RoleDialogTarget } from "./role-form-dialog-body";

const RoleFormDialogBody = dynamic(
  () => import("./role-form-dialog-body").then((m) => m.RoleFormDialogBody),
  { ssr: false },
);

/**
 * "New role" (mode create) or "Edit" (mode edit, with `role`): the button; the dialog and its
 * form load on the first click (use-lazy-dialog.ts) and close once saved.
 */
export function RoleFormDialog(props: RoleDialogTarget) {
  const t = useTranslations("orgAdmin.roles");
  const { triggerProps, mounted, dialogProps, close } = useLazyDialog();
  return (
    <>
      {props.mode === "create" ? (
        <Button {...triggerProps}>
          <Icon name="plus" />
          {t("create")}
        </Button>
      ) : (
        <Button
          variant="outline"
          size="sm"
          aria-label={t("edit", { name: props.role.name })}
          {...triggerProps}
        >
          <Icon name="pencil" />
        </Button>
      )}
      {mounted ? <RoleFormDialogBody target={props} dialog={dialogProps} close={close} /> : null}
    </>
  );
}
