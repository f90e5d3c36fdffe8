"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { translateValidationMessage } from "@/lib/validation/messages";
import { validationResolver } from "@/lib/validation/resolver";
import { useAuth } from "./auth-context";
import { FormAlert } from "./form-alert";

const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .regex(/^[0-9]{6}$/),
});
type CodeValues = z.infer<typeof codeSchema>;

/**
 * The TOTP step (aal1 → aal2): a 6-digit code from the authenticator app, verified with
 * `mfa.challengeAndVerify` against the user's verified TOTP factor. Used after sign-in
 * (login page) and to unlock the security settings of a session that is still aal1.
 */
export function MfaChallengeForm({
  onVerified,
  submitLabel,
}: {
  onVerified: () => void;
  submitLabel?: string;
}) {
  const t = useTranslations("auth");
  const tv = useTranslations("validation");
  const { client } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CodeValues>({
    resolver: validationResolver(codeSchema),
    defaultValues: { code: "" },
  });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    const factors = await client.auth.mfa.listFactors();
    const factor = factors.data?.totp.find((candidate) => candidate.status === "verified");
    if (!factor) {
      setFailure(t(factors.error ? "errors.failed" : "mfa.noFactor"));
      return;
    }
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    if (error) {
      form.reset({ code: "" });
      setFailure(
        error.code === "mfa_verification_failed"
          ? t("mfa.wrongCode")
          : error.code === "mfa_challenge_expired"
            ? t("mfa.expired")
            : t("errors.failed"),
      );
      return;
    }
    onVerified();
  });

  const message = form.formState.errors.code?.message;
  const pending = form.formState.isSubmitting;
  return (
    <form
      onSubmit={onSubmit}
      method="post"
      noValidate
      aria-busy={pending}
      className="flex flex-col gap-5"
    >
      <FormAlert message={failure} />
      <FormField
        label={t("mfa.code")}
        hint={t("mfa.codeHint")}
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
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? t("mfa.verifying") : (submitLabel ?? t("mfa.verify"))}
      </Button>
    </form>
  );
}
