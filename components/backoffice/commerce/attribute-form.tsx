"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useWatch } from "react-hook-form";
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
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast-store";
import { attributeTypes, type AttributeType } from "@/lib/commerce/catalogue-types";
import type { catalogueLimits } from "@/lib/commerce/product-schema";

type Write = { id: string; version: number; tags: string[] };

export interface AttributeFormValues {
  name: string;
  type: AttributeType;
  /** The value as the form shows it (several-of values one per line). */
  value: string;
  unit: string;
  choices: string;
}

type FormInput = Omit<AttributeFormValues, "unit" | "choices"> & {
  unit?: string;
  choices?: string;
  productId: string;
  attributeName?: string;
};

/**
 * One typed attribute of a product: name, type, value (checked by type: a number with its
 * unit, yes/no, a date, a colour, one or several of the listed choices, or free text).
 */
export function AttributeForm({
  organisationId,
  productId,
  attribute,
  originalName,
  action,
  deleteAction,
  readOnly,
  limits,
  attributesPath,
}: {
  organisationId: string;
  productId: string;
  attribute: AttributeFormValues;
  /** Set when editing: the attribute's name in the URL. */
  originalName?: string;
  action: BackofficeAction<Write & { name: string }>;
  deleteAction?: BackofficeAction<Write>;
  readOnly: boolean;
  limits: typeof catalogueLimits;
  attributesPath: string;
}) {
  const t = useTranslations("commerce.attributeForm");
  const router = useRouter();
  const editing = originalName !== undefined;
  const onDone = useCallback(() => {
    toast({ title: editing ? t("saved") : t("created"), variant: "success" });
    router.push(attributesPath);
    router.refresh();
  }, [attributesPath, editing, router, t]);
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm<
    FormInput,
    unknown,
    Write & { name: string }
  >({
    schema: () =>
      import("@/lib/commerce/product-schema").then((m) =>
        editing ? m.updateAttributeSchema : m.attributeSchema,
      ),
    action,
    defaultValues: { ...attribute, productId, attributeName: originalName },
    onDone,
  });
  const type = useWatch({ control: form.control, name: "type" });
  const typed = type === "oneOf" || type === "severalOf";
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" {...form.register("productId")} />
      {editing ? <input type="hidden" {...form.register("attributeName")} /> : null}
      <FormAlert message={formError} />
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-5">
        <div className="grid gap-4 md:grid-cols-2">
          <FormField label={t("name")} errors={errorOf("name")} required>
            <Input maxLength={limits.attributeName.max} {...form.register("name")} />
          </FormField>
          <FormField label={t("type")} errors={errorOf("type")} required>
            <NativeSelect
              options={attributeTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
              {...form.register("type")}
            />
          </FormField>
        </div>
        {typed ? (
          <FormField
            label={t("choices")}
            hint={t("choicesHint")}
            errors={errorOf("choices")}
            required
          >
            <Textarea rows={4} {...form.register("choices")} />
          </FormField>
        ) : null}
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label={t("value")}
            hint={t(`valueHints.${type}`)}
            errors={errorOf("value")}
            required
          >
            {type === "severalOf" || type === "text" ? (
              <Textarea rows={type === "text" ? 2 : 4} {...form.register("value")} />
            ) : type === "boolean" ? (
              <NativeSelect
                options={[
                  { value: "true", label: t("yes") },
                  { value: "false", label: t("no") },
                ]}
                {...form.register("value")}
              />
            ) : (
              <Input
                type={type === "date" ? "date" : "text"}
                inputMode={type === "number" ? "decimal" : undefined}
                {...form.register("value")}
              />
            )}
          </FormField>
          {type === "number" ? (
            <FormField label={t("unit")} hint={t("unitHint")} errors={errorOf("unit")}>
              <Input maxLength={limits.unit.max} {...form.register("unit")} />
            </FormField>
          ) : null}
        </div>
      </fieldset>
      {readOnly ? null : (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? t("saving") : editing ? t("save") : t("create")}
          </Button>
          {editing && deleteAction ? (
            <DeleteButton
              action={deleteAction}
              fields={{ organisationId, productId, attributeName: originalName ?? "" }}
              listPath={attributesPath}
              labels={{
                button: t("delete"),
                title: t("deleteTitle"),
                body: t("deleteBody", { name: originalName ?? "" }),
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
