"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect, type SelectOption } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast-store";
import type { DeliveryRateInput, sellingTermsLimits } from "@/lib/selling-terms/settings-schema";
import { useFieldMessage } from "./use-field-message";

type Write = { id: string; version: number };
type FormInput = Omit<DeliveryRateInput, "deliveryRateId" | "version"> & {
  deliveryRateId?: string;
  version?: number;
};

/**
 * One delivery rate: a new one (cleared once added) or an existing one (edited in place; its
 * "offered at checkout" box deactivates and reactivates it, its position orders the list).
 */
export function DeliveryRateForm({
  organisationId,
  rate,
  currency,
  taxClasses,
  limits,
  action,
  readOnly,
}: {
  organisationId: string;
  rate?: FormInput & { deliveryRateId: string; version: number };
  currency: string;
  taxClasses: readonly SelectOption[];
  limits: typeof sellingTermsLimits;
  action: BackofficeAction<Write>;
  readOnly: boolean;
}) {
  const t = useTranslations("sellingTerms.delivery");
  const router = useRouter();
  const editing = rate !== undefined;
  const blank: FormInput = {
    name: "",
    price: "",
    taxClass: "standard",
    sortOrder: "0",
    active: true,
  };
  const onDone = useCallback(
    (data: Write, form: UseFormReturn<FormInput, unknown, unknown>) => {
      if (editing) form.reset({ ...form.getValues(), version: data.version });
      else form.reset();
      toast({ title: editing ? t("saved") : t("added"), variant: "success" });
      router.refresh();
    },
    [editing, router, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm<
    FormInput,
    unknown,
    Write
  >({
    schema: () =>
      import("@/lib/selling-terms/settings-schema").then((m) =>
        editing ? m.updateDeliveryRateSchema : m.deliveryRateSchema,
      ),
    action,
    defaultValues: rate ?? blank,
    onDone,
  });
  const messageOf = useFieldMessage(form, errorOf);
  const legend = rate ? t("legendEdit", { name: rate.name }) : t("legendNew");
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-3">
      <input type="hidden" name="organisationId" value={organisationId} />
      {editing ? (
        <>
          <input type="hidden" {...form.register("deliveryRateId")} />
          <input type="hidden" {...form.register("version")} />
        </>
      ) : null}
      <FormAlert message={formError} />
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-base font-semibold">{legend}</legend>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[2fr_1fr_1.5fr_1fr]">
          <FormField label={t("name")} errors={messageOf("name")} required>
            <Input maxLength={limits.rateName.max} autoComplete="off" {...form.register("name")} />
          </FormField>
          <FormField label={t("price", { currency })} errors={messageOf("price")} required>
            <Input
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              {...form.register("price")}
            />
          </FormField>
          <FormField label={t("taxClass")} errors={messageOf("taxClass")} required>
            <NativeSelect options={taxClasses} {...form.register("taxClass")} />
          </FormField>
          <FormField
            label={t("sortOrder")}
            hint={t("sortOrderHint")}
            errors={messageOf("sortOrder")}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              {...form.register("sortOrder")}
            />
          </FormField>
        </div>
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-primary"
            {...form.register("active")}
          />
          <span>{t("active")}</span>
        </label>
      </fieldset>
      {readOnly ? null : (
        <div>
          <Button type="submit" variant={editing ? "outline" : "primary"} disabled={pending}>
            {pending ? (editing ? t("saving") : t("adding")) : editing ? t("save") : t("add")}
          </Button>
        </div>
      )}
    </form>
  );
}
