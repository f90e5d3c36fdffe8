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
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast-store";
import type { TaxClass } from "@/lib/commerce/catalogue-types";
import type { SellingTermsInput, sellingTermsLimits } from "@/lib/selling-terms/settings-schema";
import { useFieldMessage } from "./use-field-message";

type Write = { id: string; version: number };

/**
 * The organisation's terms: prices with or without tax, pickup and its instructions, and the
 * rate and receipt name of each tax class, saved together (one transaction, version check).
 */
export function TermsForm({
  organisationId,
  defaults,
  taxClasses,
  limits,
  action,
  readOnly,
}: {
  organisationId: string;
  /** The saved terms as the form shows them (rates as percentages). */
  defaults: SellingTermsInput;
  /** Each class with its name, in the catalogue's order. */
  taxClasses: readonly { value: TaxClass; label: string }[];
  limits: typeof sellingTermsLimits;
  action: BackofficeAction<Write>;
  readOnly: boolean;
}) {
  const t = useTranslations("sellingTerms.settings");
  const router = useRouter();
  const onDone = useCallback(
    (data: Write, form: UseFormReturn<SellingTermsInput, unknown, unknown>) => {
      form.reset({ ...form.getValues(), version: data.version });
      toast({ title: t("saved"), variant: "success" });
      router.refresh();
    },
    [router, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm<
    SellingTermsInput,
    unknown,
    Write
  >({
    schema: () => import("@/lib/selling-terms/settings-schema").then((m) => m.sellingTermsSchema),
    action,
    defaultValues: defaults,
    onDone,
  });
  const messageOf = useFieldMessage(form, errorOf);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" {...form.register("version")} />
      <p className="text-sm text-muted-foreground">{readOnly ? t("readOnly") : t("required")}</p>
      <FormAlert message={formError} />
      <fieldset
        disabled={readOnly}
        className="flex max-w-3xl min-w-0 flex-col gap-5 rounded-card border border-border bg-surface p-4 sm:p-5"
      >
        <legend className="sr-only">{t("legend")}</legend>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            aria-describedby="prices-include-tax-hint"
            {...form.register("pricesIncludeTax")}
          />
          <span className="flex flex-col gap-1">
            <span className="font-medium">{t("pricesIncludeTax")}</span>
            <span id="prices-include-tax-hint" className="text-muted-foreground">
              {t("pricesIncludeTaxHint")}
            </span>
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            {...form.register("pickupEnabled")}
          />
          <span className="font-medium">{t("pickupEnabled")}</span>
        </label>
        <FormField
          label={t("pickupNote")}
          hint={t("pickupNoteHint", { max: limits.pickupNote.max })}
          errors={messageOf("pickupNote")}
        >
          <Textarea rows={3} maxLength={limits.pickupNote.max} {...form.register("pickupNote")} />
        </FormField>
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">{t("ratesTitle")}</h2>
          <p className="text-sm text-muted-foreground">{t("ratesIntro")}</p>
        </div>
        {taxClasses.map(({ value, label }) => (
          <div key={value} className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <FormField
              label={t("rate", { taxClass: label })}
              hint={t("rateHint")}
              errors={messageOf(`rate_${value}`)}
              required
            >
              <Input
                inputMode="decimal"
                autoComplete="off"
                maxLength={6}
                {...form.register(`rate_${value}`)}
              />
            </FormField>
            <FormField
              label={t("label", { taxClass: label })}
              hint={t("labelHint")}
              errors={messageOf(`label_${value}`)}
            >
              <Input
                autoComplete="off"
                maxLength={limits.rateLabel.max}
                {...form.register(`label_${value}`)}
              />
            </FormField>
          </div>
        ))}
      </fieldset>
      {readOnly ? null : (
        <div>
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? t("saving") : t("save")}
          </Button>
        </div>
      )}
    </form>
  );
}
