"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { ConfirmDialog } from "@/components/backoffice/settings/confirm-dialog";
import { useSettingsCommand } from "@/components/backoffice/settings/use-settings-command";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Icon } from "@/components/ui/icon";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast-store";
import { externalIdTypes, type ExternalIdType } from "@/lib/commerce/catalogue-types";

type Write = { id: string; version: number; tags: string[] };
type FormInput = { productId: string; externalId?: string; type: ExternalIdType; value: string };

/**
 * One external identification of a product (GTIN, EAN, UPC, ISBN with their check digits,
 * or a manufacturer part number); unique among the organisation's live products.
 */
export function ExternalIdForm({
  organisationId,
  productId,
  externalId,
  action,
  deleteAction,
  readOnly,
  listPath,
}: {
  organisationId: string;
  productId: string;
  externalId?: { id: string; type: ExternalIdType; value: string };
  action: BackofficeAction<Write & { externalId: string }>;
  deleteAction?: BackofficeAction<Write>;
  readOnly: boolean;
  listPath: string;
}) {
  const t = useTranslations("commerce.externalIdForm");
  const tu = useTranslations("ui");
  const router = useRouter();
  const editing = externalId !== undefined;
  const onDone = useCallback(() => {
    toast({ title: editing ? t("saved") : t("created"), variant: "success" });
    router.push(listPath);
    router.refresh();
  }, [editing, listPath, router, t]);
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm<
    FormInput,
    unknown,
    Write & { externalId: string }
  >({
    schema: () =>
      import("@/lib/commerce/product-schema").then((m) =>
        editing ? m.updateExternalIdSchema : m.externalIdSchema,
      ),
    action,
    defaultValues: {
      productId,
      externalId: externalId?.id,
      type: externalId?.type ?? "gtin13",
      value: externalId?.value ?? "",
    },
    onDone,
  });
  const remover = useSettingsCommand(deleteAction ?? (async () => ({ status: "idle" })));
  const [confirming, setConfirming] = useState(false);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" {...form.register("productId")} />
      {editing ? <input type="hidden" {...form.register("externalId")} /> : null}
      <FormAlert message={formError} />
      <fieldset disabled={readOnly} className="grid min-w-0 gap-4 md:grid-cols-2">
        <FormField label={t("type")} errors={errorOf("type")} required>
          <NativeSelect
            options={externalIdTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
            {...form.register("type")}
          />
        </FormField>
        <FormField label={t("value")} hint={t("valueHint")} errors={errorOf("value")} required>
          <Input maxLength={70} spellCheck={false} autoComplete="off" {...form.register("value")} />
        </FormField>
      </fieldset>
      {readOnly ? null : (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? t("saving") : editing ? t("save") : t("create")}
          </Button>
          {externalId && deleteAction ? (
            <>
              <Button
                variant="outline"
                size="lg"
                className="sm:ml-auto"
                onClick={() => setConfirming(true)}
              >
                <Icon name="trash-2" aria-hidden />
                {t("delete")}
              </Button>
              <ConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                title={t("deleteTitle")}
                body={t("deleteBody", { value: externalId.value })}
                confirmLabel={t("confirmDelete")}
                cancelLabel={t("cancel")}
                closeLabel={tu("close")}
                pending={remover.pending}
                error={remover.error}
                onConfirm={() =>
                  remover.run({ organisationId, productId, externalId: externalId.id }, () => {
                    setConfirming(false);
                    toast({ title: t("deleted"), variant: "success" });
                    router.push(listPath);
                    router.refresh();
                  })
                }
              />
            </>
          ) : null}
        </div>
      )}
    </form>
  );
}
