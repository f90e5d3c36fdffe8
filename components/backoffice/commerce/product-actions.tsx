"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { FormAlert } from "@/components/auth/form-alert";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { useSettingsCommand } from "@/components/backoffice/settings/use-settings-command";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { toast } from "@/components/ui/toast-store";
import type { ListingStatus } from "@/lib/commerce/catalogue-types";

type StatusAction = "publish" | "unpublish" | "archive" | "restore";

/**
 * A product's status buttons (publish, unpublish, archive, restore: those its status and the
 * caller's permissions allow) and "Duplicate". Each runs its action and refreshes the page.
 */
export function ProductActions({
  organisationId,
  productId,
  version,
  status,
  canPublish,
  ready,
  statusAction,
  duplicateAction,
  productPath,
}: {
  organisationId: string;
  productId: string;
  version: number;
  status: ListingStatus;
  canPublish: boolean;
  /** Every publish check passes. */
  ready: boolean;
  statusAction: BackofficeAction<{ ids: string[]; tags: string[] }>;
  duplicateAction: BackofficeAction<{ id: string; version: number; tags: string[] }>;
  productPath: string;
}) {
  const t = useTranslations("commerce.productActions");
  const router = useRouter();
  const statusCommand = useSettingsCommand(statusAction);
  const duplicateCommand = useSettingsCommand(duplicateAction);
  const pending = statusCommand.pending || duplicateCommand.pending;
  const actions: StatusAction[] =
    status === "draft"
      ? [...(canPublish ? (["publish"] as const) : []), "archive"]
      : status === "published"
        ? [...(canPublish ? (["unpublish"] as const) : []), "archive"]
        : ["restore"];
  const run = (action: StatusAction) =>
    statusCommand.run({ organisationId, action, productIds: productId }, () => {
      toast({ title: t(`done.${action}`), variant: "success" });
      router.refresh();
    });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === "publish" ? "primary" : "outline"}
            disabled={pending || (action === "publish" && !ready)}
            onClick={() => run(action)}
          >
            <Icon
              name={action === "publish" ? "eye" : action === "unpublish" ? "eye-off" : "archive"}
              aria-hidden
            />
            {t(action)}
          </Button>
        ))}
        <Button
          variant="outline"
          disabled={pending}
          onClick={() =>
            duplicateCommand.run(
              { organisationId, productId, version: String(version) },
              (data) => {
                toast({ title: t("done.duplicate"), variant: "success" });
                router.push(`${productPath}/${data.id}`);
              },
            )
          }
        >
          <Icon name="copy" aria-hidden />
          {t("duplicate")}
        </Button>
      </div>
      <FormAlert message={statusCommand.error ?? duplicateCommand.error} />
    </div>
  );
}
