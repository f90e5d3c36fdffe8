"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import {
  type BackofficeAction,
  useBackofficeForm,
} from "@/components/backoffice/use-backoffice-form";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import type { VariantsInput } from "@/lib/commerce/product-schema";
import type { catalogueLimits } from "@/lib/commerce/product-schema";
import { translateValidationMessage } from "@/lib/validation/messages";

type Write = { id: string; version: number; tags: string[] };
type Form = UseFormReturn<VariantsInput, unknown, unknown>;
type VariantRow = VariantsInput["variants"][number];

/** Every combination of the options' values, in order (one empty combination without options). */
export function combinations(options: readonly { values: readonly string[] }[]): string[][] {
  return options.reduce<string[][]>(
    (rows, option) => rows.flatMap((row) => option.values.map((value) => [...row, value])),
    [[]],
  );
}

function splitValues(text: string): string[] {
  return text
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * A product's options (up to three, e.g. Size × Colour) and its variants, saved together.
 * "Build variants" makes one row per combination, keeping the rows that exist; each row has
 * its SKU, price, compare-at price and stock (tracked or not). The values travel as one JSON
 * field (`payload`); the save names the version it read.
 */
export function VariantsEditor({
  organisationId,
  productId,
  version,
  options,
  variants,
  currency,
  action,
  readOnly,
  limits,
}: {
  organisationId: string;
  productId: string;
  version: number;
  options: { name: string; values: string[] }[];
  variants: VariantRow[];
  currency: string;
  action: BackofficeAction<Write>;
  readOnly: boolean;
  limits: typeof catalogueLimits;
}) {
  const t = useTranslations("commerce.variants");
  const tv = useTranslations("validation");
  const tc = useTranslations("commerce.validation");
  const te = useTranslations("backoffice.errors");
  const router = useRouter();
  const onDone = useCallback(
    (data: Write, form: Form) => {
      form.setValue("version", data.version);
      toast({ title: t("saved"), variant: "success" });
      router.refresh();
    },
    [router, t],
  );
  const { form, onSubmit, formError, pending } = useBackofficeForm<VariantsInput, unknown, Write>({
    schema: () => import("@/lib/commerce/product-schema").then((m) => m.variantsSchema),
    action,
    defaultValues: { productId, version, options, variants },
    onDone,
  });
  const values = useWatch({ control: form.control });
  const optionRows = useFieldArray({ control: form.control, name: "options" });
  const variantRows = useFieldArray({ control: form.control, name: "variants" });
  const [valueTexts, setValueTexts] = useState(() => options.map((o) => o.values.join(", ")));

  const errorOf = (path: string): string | undefined => {
    const error = path
      .split(".")
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        form.formState.errors,
      ) as { message?: unknown; type?: unknown } | undefined;
    const message = typeof error?.message === "string" ? error.message : undefined;
    if (!message) return undefined;
    if (error?.type === "app") return te(message as "failed");
    if (message.startsWith("commerce:")) return tc(message.slice(9) as "amount");
    return translateValidationMessage(tv, message);
  };

  const rebuild = () => {
    const current = form.getValues();
    const byKey = new Map(current.variants.map((v) => [JSON.stringify(v.optionValues), v]));
    const template = current.variants[0];
    const next = combinations(current.options).slice(0, limits.variants.max);
    variantRows.replace(
      next.map(
        (optionValues) =>
          byKey.get(JSON.stringify(optionValues)) ?? {
            optionValues,
            sku: "",
            price: template?.price ?? "",
            compareAt: "",
            trackStock: template?.trackStock ?? false,
            stock: template?.trackStock ? "0" : "",
          },
      ),
    );
  };

  const topError =
    formError ??
    (errorOf("options") || errorOf("variants")
      ? (errorOf("options") ?? errorOf("variants") ?? null)
      : null);

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-6">
      <input type="hidden" name="organisationId" value={organisationId} />
      <input type="hidden" name="payload" value={JSON.stringify(values)} />
      <FormAlert message={topError} />
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
        <section aria-labelledby="variant-options" className="flex flex-col gap-3">
          <h2 id="variant-options" className="text-lg font-semibold">
            {t("options")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("optionsHint")}</p>
          {optionRows.fields.length === 0 ? <p className="text-sm">{t("noOptions")}</p> : null}
          {optionRows.fields.map((field, index) => (
            <div
              key={field.id}
              role="group"
              aria-label={t("optionN", { n: index + 1 })}
              className="grid gap-3 rounded-card border border-border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end"
            >
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`option-${index}-name`} className="text-sm font-medium">
                  {t("optionName", { n: index + 1 })}
                </label>
                <Input
                  id={`option-${index}-name`}
                  maxLength={limits.options.length}
                  aria-invalid={errorOf(`options.${index}.name`) ? true : undefined}
                  {...form.register(`options.${index}.name`)}
                />
                <FieldError message={errorOf(`options.${index}.name`)} />
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`option-${index}-values`} className="text-sm font-medium">
                  {t("optionValues", { n: index + 1 })}
                </label>
                <Input
                  id={`option-${index}-values`}
                  value={valueTexts[index] ?? ""}
                  aria-describedby={`option-${index}-hint`}
                  onChange={(event) => {
                    const text = event.target.value;
                    setValueTexts((texts) => texts.map((v, i) => (i === index ? text : v)));
                    form.setValue(`options.${index}.values`, splitValues(text));
                  }}
                />
                <span id={`option-${index}-hint`} className="text-xs text-muted-foreground">
                  {t("valuesHint")}
                </span>
                <FieldError
                  message={
                    errorOf(`options.${index}.values`) ?? errorOf(`options.${index}.values.0`)
                  }
                />
              </div>
              <Button
                variant="outline"
                aria-label={t("removeOption", { n: index + 1 })}
                onClick={() => {
                  optionRows.remove(index);
                  setValueTexts((texts) => texts.filter((_, i) => i !== index));
                }}
              >
                <Icon name="trash-2" aria-hidden />
              </Button>
            </div>
          ))}
          {readOnly ? null : (
            <div className="flex flex-wrap gap-2">
              {optionRows.fields.length < limits.options.max ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    optionRows.append({ name: "", values: [] });
                    setValueTexts((texts) => [...texts, ""]);
                  }}
                >
                  <Icon name="plus" aria-hidden />
                  {t("addOption")}
                </Button>
              ) : null}
              <Button variant="outline" onClick={rebuild}>
                <Icon name="refresh-cw" aria-hidden />
                {t("build")}
              </Button>
            </div>
          )}
        </section>
        <section aria-labelledby="variant-rows" className="flex flex-col gap-3">
          <h2 id="variant-rows" className="text-lg font-semibold">
            {t("variants", { count: variantRows.fields.length })}
          </h2>
          <p className="text-sm text-muted-foreground">{t("variantsHint", { currency })}</p>
          <div className="relative overflow-x-auto rounded-card border border-border">
            <table className="bo-table">
              <caption className="sr-only">{t("tableCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("combination")}</th>
                  <th scope="col">{t("sku")}</th>
                  <th scope="col">{t("price")}</th>
                  <th scope="col">{t("compareAt")}</th>
                  <th scope="col">{t("trackStock")}</th>
                  <th scope="col">{t("stock")}</th>
                  <th scope="col">
                    <span className="sr-only">{t("actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {variantRows.fields.map((field, index) => {
                  const label =
                    (values.variants?.[index]?.optionValues ?? []).join(" / ") || t("default");
                  const tracked = values.variants?.[index]?.trackStock ?? false;
                  return (
                    <tr key={field.id}>
                      <th scope="row" className="font-medium whitespace-nowrap">
                        {label}
                        <FieldError message={errorOf(`variants.${index}.optionValues`)} />
                      </th>
                      <td>
                        <Input
                          aria-label={t("skuOf", { variant: label })}
                          maxLength={limits.sku.max}
                          className="min-w-28"
                          {...form.register(`variants.${index}.sku`)}
                        />
                        <FieldError message={errorOf(`variants.${index}.sku`)} />
                      </td>
                      <td>
                        <Input
                          aria-label={t("priceOf", { variant: label })}
                          inputMode="decimal"
                          className="min-w-24"
                          {...form.register(`variants.${index}.price`)}
                        />
                        <FieldError message={errorOf(`variants.${index}.price`)} />
                      </td>
                      <td>
                        <Input
                          aria-label={t("compareAtOf", { variant: label })}
                          inputMode="decimal"
                          className="min-w-24"
                          {...form.register(`variants.${index}.compareAt`)}
                        />
                        <FieldError message={errorOf(`variants.${index}.compareAt`)} />
                      </td>
                      <td className="text-center">
                        <input
                          type="checkbox"
                          aria-label={t("trackStockOf", { variant: label })}
                          className="size-4"
                          {...form.register(`variants.${index}.trackStock`)}
                        />
                      </td>
                      <td>
                        <Input
                          aria-label={t("stockOf", { variant: label })}
                          inputMode="numeric"
                          className="min-w-20"
                          disabled={!tracked}
                          {...form.register(`variants.${index}.stock`)}
                        />
                        <FieldError message={errorOf(`variants.${index}.stock`)} />
                      </td>
                      <td>
                        {variantRows.fields.length > 1 && !readOnly ? (
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={t("removeVariant", { variant: label })}
                            onClick={() => variantRows.remove(index)}
                          >
                            <Icon name="trash-2" aria-hidden />
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      </fieldset>
      {readOnly ? null : (
        <div>
          <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
            {pending ? t("saving") : t("save")}
          </Button>
        </div>
      )}
    </form>
  );
}

function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return <span className="mt-1 block text-xs font-normal text-danger">{message}</span>;
}
