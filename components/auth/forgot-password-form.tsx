"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { authErrorKey } from "@/lib/auth/client/credential-rules";
import { useAuth } from "./auth-context";
import { EmailStepForm } from "./email-step-form";
import { lazyResolver } from "./lazy-resolver";
import { RECOVERY_CALLBACK_PATH } from "./recovery-rules";
import type { ForgotPasswordInput, ForgotPasswordValues } from "./recovery-schemas";

/**
 * Asks the service for a recovery email (PKCE: the verifier stays in this browser's
 * cookies). The answer is the same whether or not the address has an account.
 */
export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const { authClient, redirectUrl } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: lazyResolver("forgotPassword"),
    defaultValues: { email: "" },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.resetPasswordForEmail(email, {
      redirectTo: redirectUrl(RECOVERY_CALLBACK_PATH),
    });
    if (error) {
      setFailure(t(`errors.${authErrorKey(error.code)}`));
      return;
    }
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <div role="status" className="rounded-card border border-border bg-surface p-6">
        <h2 className="mb-2 text-xl font-semibold">{t("forgot.sentTitle")}</h2>
        <p className="text-muted-foreground">{t("forgot.sentBody", { email: sentTo })}</p>
      </div>
    );
  }

  return (
    <EmailStepForm
      form={form}
      onSubmit={onSubmit}
      failure={failure}
      label={t("forgot.email")}
      submitLabel={t("forgot.submit")}
      pendingLabel={t("forgot.submitting")}
    />
  );
}
