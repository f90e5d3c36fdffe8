"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useAuth } from "./auth-context";
import { AuthForm } from "./auth-form";
import { OneTimeCodeField, useOneTimeCodeForm } from "./one-time-code";

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
  const { authClient } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useOneTimeCodeForm();

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    const client = await authClient();
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

  return (
    <AuthForm
      onSubmit={onSubmit}
      pending={form.formState.isSubmitting}
      failure={failure}
      submitLabel={submitLabel ?? t("mfa.verify")}
      pendingLabel={t("mfa.verifying")}
      intro={null}
    >
      <OneTimeCodeField form={form} label={t("mfa.code")} hint={t("mfa.codeHint")} />
    </AuthForm>
  );
}
