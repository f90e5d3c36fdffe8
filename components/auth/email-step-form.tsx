"use client";

import { useTranslations } from "next-intl";
import { type UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { translateValidationMessage } from "@/lib/validation/messages";
import { AuthForm } from "./auth-form";
import { recoveryLimits } from "./recovery-rules";
import type { ForgotPasswordInput, ForgotPasswordValues } from "./recovery-schemas";

/**
 * The one-field "your email" step shared by the recovery and email-change forms: the field,
 * its single error, the service's failure and a submit button with its pending text. It
 * posts (never a GET that would put the field into the URL) and says when JavaScript is off.
 */
export function EmailStepForm({
  form,
  onSubmit,
  failure,
  label,
  submitLabel,
  pendingLabel,
}: {
  form: UseFormReturn<ForgotPasswordInput, unknown, ForgotPasswordValues>;
  onSubmit: () => void;
  failure: string | null;
  label: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const tv = useTranslations("validation");
  const message = form.formState.errors.email?.message;
  return (
    <AuthForm
      onSubmit={onSubmit}
      pending={form.formState.isSubmitting}
      failure={failure}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
    >
      <FormField
        label={label}
        errors={message ? translateValidationMessage(tv, message) : undefined}
        required
      >
        <Input
          type="email"
          autoComplete="email"
          maxLength={recoveryLimits.email}
          {...form.register("email")}
        />
      </FormField>
    </AuthForm>
  );
}
