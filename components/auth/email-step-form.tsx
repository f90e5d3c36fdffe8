"use client";

import { useTranslations } from "next-intl";
import { type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { translateValidationMessage } from "@/lib/validation/messages";
import { FormAlert } from "./form-alert";
import { NoScriptNotice } from "./no-script-notice";
import {
  recoveryLimits,
  type ForgotPasswordInput,
  type ForgotPasswordValues,
} from "./recovery-schemas";

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
  const pending = form.formState.isSubmitting;
  return (
    <form
      onSubmit={onSubmit}
      method="post"
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-5"
    >
      <NoScriptNotice />
      <FormAlert message={failure} />
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
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
