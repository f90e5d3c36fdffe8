"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { useLazyDialog } from "../use-lazy-dialog";

const ImportProductsDialogBody = dynamic(
  () => import("./import-products-dialog-body").then((m) => m.ImportProductsDialogBody),
  { ssr: false },
);

/**
 * The products list's "Import CSV" button: opens the import dialog, whose code loads on the
 * first click (use-lazy-dialog.ts). Shown to members with commerce.product.write.
 */
export function ImportProductsDialog({ organisationId }: { organisationId: string }) {
  const t = useTranslations("commerce.import");
  const { triggerProps, mounted, dialogProps } = useLazyDialog();
  return (
    <>
      <Button variant="outline" {...triggerProps}>
        <Icon name="upload" aria-hidden className="size-4" />
        {t("open")}
      </Button>
      {mounted ? (
        <ImportProductsDialogBody organisationId={organisationId} dialog={dialogProps} />
      ) : null}
    </>
  );
}
