"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import { OfferConfirmButton } from "@/components/backoffice/commerce/offer-confirm-button";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast-store";
import type { DiscountInput, discountLimits } from "@/lib/selling-terms/discount-schema";
import { discountKinds } from "@/lib/selling-terms/kinds";
import { useFieldMessage } from "./use-field-message";

type Write = { id: string; version: number };
type FormInput = DiscountInput & { discountCodeId?: string; version?: number };

/** The code being edited, as the form shows it (amounts in major units, local times). */
export interface DiscountFormCode extends DiscountInput {
  id: string;
  version: number;
  active: boolean;
  usedCount: number;
}

/**
 * Creates or edits a discount code: the code, a percentage or an amount off, an optional
 * minimum order, start and end, and limits in total and per customer. An existing code can
 * be deactivated and reactivated (with a confirmation, the offers' button). The same schema
 * checks the browser's input and the server's; the server also refuses a code taken in
 * another case.
 */
export function DiscountForm({
  organisationId,
  code,
  currency,
  limits,
  action,
  activeAction,
  readOnly,
  listPath,
}: {
  organisationId: string;
  code?: DiscountFormCode;
  currency: string;
  limits: typeof discountLimits;
  action: BackofficeAction<Write>;
  activeAction?: BackofficeAction<Write>;
  readOnly: boolean;
  listPath: string;
}) {
  const t = useTranslations("sellingTerms.discountForm");
  const tk = useTranslations("sellingTerms.kinds");
  const router = useRouter();
  const editing = code !== undefined;
  const onDone = useCallback(
    (data: Write, form: UseFormReturn<FormInput, unknown, unknown>) => {
      if (editing) {
        form.reset({ ...form.getValues(), version: data.version });
        toast({ title: t("saved"), variant: "success" });
        router.refresh();
      } else {
        toast({ title: t("created"), variant: "success" });
        router.push(`${listPath}/${data.id}`);
      }
    },
    [editing, listPath, router, t],
  );
  const { form, onSubmit, errorOf, formError, pending } = useBackofficeForm<
    FormInput,
    unknown,
    Write
  >({
    schema: () =>
      import("@/lib/selling-terms/discount-schema").then((m) =>
        editing ? m.updateDiscountSchema : m.discountSchema,
      ),
    action,
    defaultValues: {
      discountCodeId: code?.id,
      version: code?.version,
      code: code?.code ?? "",
      kind: code?.kind ?? "percent",
      value: code?.value ?? "",
      minSubtotal: code?.minSubtotal ?? "",
      startsAt: code?.startsAt ?? "",
      endsAt: code?.endsAt ?? "",
      usageLimit: code?.usageLimit ?? "",
      perCustomerLimit: code?.perCustomerLimit ?? "",
    },
    onDone,
  });
  const messageOf = useFieldMessage(form, errorOf);
  const kind = form.watch("kind");
  const version = () => String(form.getValues("version") ?? code?.version ?? "");
  const toggle = code?.active ? "deactivate" : "reactivate";

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <input type="hidden" name="organisationId" value={organisationId} />
      {editing ? (
        <>
          <input type="hidden" {...form.register("discountCodeId")} />
          <input type="hidden" {...form.register("version")} />
        </>
      ) : null}
      <p className="text-sm text-muted-foreground">{readOnly ? t("readOnly") : t("required")}</p>
      <FormAlert message={formError} />
      <fieldset
        disabled={readOnly}
        className="flex max-w-3xl min-w-0 flex-col gap-5 rounded-card border border-border bg-surface p-4 sm:p-5"
      >
        <legend className="sr-only">{t("legend")}</legend>
        <FormField label={t("code")} hint={t("codeHint")} errors={messageOf("code")} required>
          <Input
            maxLength={limits.code.max}
            autoComplete="off"
            spellCheck={false}
            className="uppercase sm:w-72"
            {...form.register("code")}
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={t("kind")} errors={messageOf("kind")} required>
            <NativeSelect
              options={discountKinds.map((k) => ({ value: k, label: tk(k) }))}
              {...form.register("kind")}
            />
          </FormField>
          <FormField
            label={kind === "fixed" ? t("amount", { currency }) : t("percent")}
            hint={kind === "fixed" ? t("amountHint") : t("percentHint")}
            errors={messageOf("value")}
            required
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              {...form.register("value")}
            />
          </FormField>
          <FormField
            label={t("minSubtotal", { currency })}
            hint={t("minSubtotalHint")}
            errors={messageOf("minSubtotal")}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              {...form.register("minSubtotal")}
            />
          </FormField>
          <div className="hidden sm:block" />
          <FormField label={t("startsAt")} hint={t("windowHint")} errors={messageOf("startsAt")}>
            <Input type="datetime-local" {...form.register("startsAt")} />
          </FormField>
          <FormField label={t("endsAt")} hint={t("windowHint")} errors={messageOf("endsAt")}>
            <Input type="datetime-local" {...form.register("endsAt")} />
          </FormField>
          <FormField
            label={t("usageLimit")}
            hint={t("usageLimitHint")}
            errors={messageOf("usageLimit")}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={7}
              {...form.register("usageLimit")}
            />
          </FormField>
          <FormField
            label={t("perCustomerLimit")}
            hint={t("perCustomerLimitHint")}
            errors={messageOf("perCustomerLimit")}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={7}
              {...form.register("perCustomerLimit")}
            />
          </FormField>
        </div>
        {code ? (
          <p className="text-sm text-muted-foreground">{t("used", { count: code.usedCount })}</p>
        ) : null}
      </fieldset>
      {readOnly ? null : (
        <div className="flex max-w-3xl flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? t("saving") : editing ? t("save") : t("create")}
          </Button>
          {code && activeAction ? (
            <div className="sm:ml-auto">
              <OfferConfirmButton
                label={t(toggle)}
                icon={code.active ? "x" : "check"}
                title={t(`${toggle}Title`)}
                body={t(`${toggle}Body`, { code: code.code })}
                confirmLabel={t(code.active ? "confirmDeactivate" : "confirmReactivate")}
                fields={() => ({
                  organisationId,
                  discountCodeId: code.id,
                  version: version(),
                  active: code.active ? "" : "on",
                })}
                action={activeAction}
                onDone={(data) => {
                  form.setValue("version", data.version);
                  toast({
                    title: t(code.active ? "deactivated" : "reactivated"),
                    variant: "success",
                  });
                  router.refresh();
                }}
              />
            </div>
          ) : null}
        </div>
      )}
    </form>
  );
}
