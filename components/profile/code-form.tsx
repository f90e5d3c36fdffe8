"use client";

import { useState } from "react";
import { AuthForm } from "@/components/auth/auth-form";
import { OneTimeCodeField, useOneTimeCodeForm } from "@/components/auth/one-time-code";

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
  const [failure, setFailure] = useState<string | null>(null);
  const form = useOneTimeCodeForm();
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    const message = await onCode(code);
    setFailure(message);
    if (!message) form.reset({ code: "" });
  });
  return (
    <AuthForm
      onSubmit={onSubmit}
      pending={form.formState.isSubmitting}
      failure={failure}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      intro={null}
      compact
    >
      <OneTimeCodeField form={form} label={label} hint={hint} />
    </AuthForm>
  );
}
