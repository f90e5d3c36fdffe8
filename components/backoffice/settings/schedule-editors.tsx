"use client";

/**
 * The schedule form's parts (schedule-form.tsx): its types, field errors at any
 * depth, the weekly interval rows and the date exceptions editor.
 */
import { useTranslations } from "next-intl";
import {
  type Control,
  type FieldPath,
  type UseFormRegister,
  type UseFormReturn,
  useFieldArray,
  useWatch,
} from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { IsoWeekday, isoWeekdays, scheduleLimits } from "@/lib/schedules/schedule-schema";
import { translateValidationMessage } from "@/lib/validation/messages";
import type { scheduleFormSchema } from "./schedule-form-schema";
import { Icon } from "@/components/ui/icon";

/**
 * The schedule rules the form shows (limits, the week's days), passed by the page: importing
 * them would bring the schema module, and zod, into the first load (the schema itself loads
 * on the first submit).
 */
export type ScheduleRules = { limits: typeof scheduleLimits; weekdays: typeof isoWeekdays };

export type FormInput = z.input<typeof scheduleFormSchema>;
export type FormOutput = z.output<typeof scheduleFormSchema>;
export type Form = UseFormReturn<FormInput, unknown, FormOutput>;

export const timeInputProps = {
  inputMode: "numeric",
  placeholder: "HH:MM",
  maxLength: 5,
  autoComplete: "off",
  spellCheck: false,
  className: "w-24 font-mono",
} as const;

/** A field's translated error, at any depth (own messages, spec §5 ones, backoffice codes). */
export function useErrorOf(form: Form) {
  const t = useTranslations("orgSettings.validation");
  const tv = useTranslations("validation");
  const tb = useTranslations("backoffice.errors");
  return (path: FieldPath<FormInput>): string | undefined => {
    const error = form.getFieldState(path, form.formState).error;
    const message = typeof error?.message === "string" ? error.message : undefined;
    if (!message) return undefined;
    if (message.startsWith("orgSettings:")) {
      return t(message.slice("orgSettings:".length) as "overlap");
    }
    if (error?.type === "app") return tb(message as "failed");
    return translateValidationMessage(tv, message);
  };
}

export type ErrorOf = ReturnType<typeof useErrorOf>;

export function IntervalRows({
  control,
  register,
  errorOf,
  name,
  labels,
  disabled,
  max,
}: {
  control: Control<FormInput, unknown, FormOutput>;
  register: UseFormRegister<FormInput>;
  errorOf: ErrorOf;
  name: `weekly.${IsoWeekday}` | `exceptions.${number}.intervals`;
  labels: {
    opens: (n: number) => string;
    closes: (n: number) => string;
    remove: (n: number) => string;
    add: string;
    addShort: string;
    empty?: string;
  };
  disabled: boolean;
  /** The most intervals a day may have. */
  max: number;
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <div className="flex flex-col gap-2">
      {fields.length === 0 && labels.empty ? (
        <p className="text-sm text-muted-foreground">{labels.empty}</p>
      ) : null}
      {fields.map((field, index) => {
        const startError = errorOf(`${name}.${index}.start`);
        const endError = errorOf(`${name}.${index}.end`);
        return (
          <div key={field.id} className="flex flex-wrap items-start gap-2">
            <FormField
              label={labels.opens(index + 1)}
              errors={startError}
              className="[&>label]:sr-only"
            >
              <Input {...timeInputProps} {...register(`${name}.${index}.start`)} />
            </FormField>
            <span aria-hidden className="pt-2 text-muted-foreground">
              –
            </span>
            <FormField
              label={labels.closes(index + 1)}
              errors={endError}
              className="[&>label]:sr-only"
            >
              <Input {...timeInputProps} {...register(`${name}.${index}.end`)} />
            </FormField>
            {disabled ? null : (
              <Button
                variant="ghost"
                size="icon"
                aria-label={labels.remove(index + 1)}
                onClick={() => remove(index)}
              >
                <Icon name="x" aria-hidden />
              </Button>
            )}
          </div>
        );
      })}
      {disabled || fields.length >= max ? null : (
        <div>
          <Button
            variant="outline"
            size="sm"
            aria-label={labels.add}
            onClick={() =>
              append(fields.length ? { start: "", end: "" } : { start: "09:00", end: "17:00" })
            }
          >
            <Icon name="plus" aria-hidden />
            <span aria-hidden>{labels.addShort}</span>
          </Button>
        </div>
      )}
    </div>
  );
}

export function ExceptionEditor({
  form,
  index,
  errorOf,
  onRemove,
  disabled,
  limits,
}: {
  form: Form;
  index: number;
  errorOf: ErrorOf;
  limits: ScheduleRules["limits"];
  onRemove: () => void;
  disabled: boolean;
}) {
  const t = useTranslations("orgSettings.scheduleForm");
  const closed = useWatch({ control: form.control, name: `exceptions.${index}.closed` });
  const n = index + 1;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-card border border-border p-3">
      <legend className="px-1 font-medium">{t("exceptionLegend", { n })}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <FormField label={t("date")} errors={errorOf(`exceptions.${index}.date`)} required>
          <Input type="date" className="w-44" {...form.register(`exceptions.${index}.date`)} />
        </FormField>
        <label className="flex h-10 items-center gap-2 text-sm">
          <Checkbox
            checked={closed}
            disabled={disabled}
            onCheckedChange={(value) =>
              form.setValue(`exceptions.${index}.closed`, value === true, { shouldDirty: true })
            }
          />
          {t("closedAllDay")}
        </label>
        {disabled ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            onClick={onRemove}
            aria-label={t("removeException", { n })}
          >
            <Icon name="trash-2" aria-hidden />
          </Button>
        )}
      </div>
      {closed ? null : (
        <div className="flex flex-col gap-1">
          <IntervalRows
            control={form.control}
            register={form.register}
            errorOf={errorOf}
            name={`exceptions.${index}.intervals`}
            disabled={disabled}
            max={limits.intervalsPerDay}
            labels={{
              opens: (m) => t("exceptionOpensOn", { n, m }),
              closes: (m) => t("exceptionClosesOn", { n, m }),
              remove: (m) => t("removeExceptionInterval", { n, m }),
              add: t("addExceptionInterval", { n }),
              addShort: t("addIntervalShort"),
            }}
          />
          {errorOf(`exceptions.${index}.intervals`) ? (
            <p role="alert" className="text-xs text-danger">
              {errorOf(`exceptions.${index}.intervals`)}
            </p>
          ) : null}
        </div>
      )}
      <FormField
        label={t("note")}
        hint={t("noteHint")}
        errors={errorOf(`exceptions.${index}.note`)}
      >
        <Input maxLength={limits.note.max} {...form.register(`exceptions.${index}.note`)} />
      </FormField>
    </fieldset>
  );
}
