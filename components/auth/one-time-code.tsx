"use client";

import { useTranslations } from "next-intl";
import { useForm, type UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { translateValidationMessage } from "@/lib/validation/messages";
import type { OneTimeCodeValues } from "./form-schemas";
import { lazyResolver } from "./lazy-resolver";

/**
 * A 6-digit one-time code (sign-in by code, the MFA step, confirming a phone or a factor):
 * its form and its field (the schema: form-schemas.ts, loaded on the first submit).
 */

export function useOneTimeCodeForm(): UseFormReturn<OneTimeCodeValues> {
  return useForm<OneTimeCodeValues>({
    resolver: lazyResolver("oneTimeCode"),
    defaultValues: { code: "" },
  });
}

/** The code field with its validation error. */
export function OneTimeCodeField({
  form,
  label,
  hint,
}: {
  form: UseFormReturn<OneTimeCodeValues>;
  label: string;
  hint?: string;
}) {
  const tv = useTranslations("validation");
  const message = form.formState.errors.code?.message;
  return (
    <FormField
      label={label}
      hint={hint}
      errors={message ? translateValidationMessage(tv, message) : undefined}
      required
    >
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...form.register("code")}
      />
    </FormField>
  );
}
