"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { DeleteButton } from "./delete-button";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
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
            <DeleteButton
              action={deleteAction}
              fields={{ organisationId, productId, externalId: externalId.id }}
              listPath={listPath}
              labels={{
                button: t("delete"),
                title: t("deleteTitle"),
                body: t("deleteBody", { value: externalId.value }),
                confirm: t("confirmDelete"),
                cancel: t("cancel"),
                done: t("deleted"),
              }}
            />
          ) : null}
        </div>
      )}
    </form>
  );
}
