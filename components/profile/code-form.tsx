"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { translateValidationMessage } from "@/lib/validation/messages";
import { validationResolver } from "@/lib/validation/resolver";

export const sixDigitCode = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .regex(/^[0-9]{6}$/),
});
type CodeValues = z.infer<typeof sixDigitCode>;

/**
 * One 6-digit code field with its submit button. `onCode` calls the service and answers the
 * message to show, or null when the code was accepted (the field is then cleared).
 */
export function CodeForm({
  label,
  hint,
  submitLabel,
  pendingLabel,
  onCode,
}: {
  label: string;
  hint?: string;
  submitLabel: string;
  pendingLabel: string;
  onCode: (code: string) => Promise<string | null>;
}) {
  const tv = useTranslations("validation");
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CodeValues>({
    resolver: validationResolver(sixDigitCode),
    defaultValues: { code: "" },
  });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    const message = await onCode(code);
    setFailure(message);
    if (!message) form.reset({ code: "" });
  });
  const message = form.formState.errors.code?.message;
  const pending = form.formState.isSubmitting;
  return (
    <form
      onSubmit={onSubmit}
      method="post"
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-4"
    >
      <FormAlert message={failure} />
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
      <div>
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
