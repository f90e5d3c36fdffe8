"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { authErrorKey } from "@/lib/auth/client/credential-rules";
import { useAuth } from "./auth-context";
import { AuthForm } from "./auth-form";
import { lazyResolver } from "./lazy-resolver";
import { NewPasswordFields } from "./new-password-fields";
import type { ResetPasswordValues } from "./recovery-schemas";

/** A new password (typed twice) for the signed-in user: PUT /auth/v1/user. */
export function ResetPasswordForm() {
  const t = useTranslations("auth");
  const { authClient } = useAuth();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordValues>({
    resolver: lazyResolver("resetPassword"),
    defaultValues: { password: "", confirm: "" },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.updateUser({ password });
    if (error) {
      setFailure(t(`errors.${authErrorKey(error.code)}`));
      return;
    }
    setDone(true);
  });

  if (done) {
    return (
      <div role="status" className="rounded-card border border-border bg-surface p-6">
        <h2 className="mb-2 text-xl font-semibold">{t("reset.doneTitle")}</h2>
        <p className="text-muted-foreground">{t("reset.doneBody")}</p>
        <Link
          href="/"
          className="mt-4 inline-block text-primary-text underline underline-offset-4 hover:no-underline"
        >
          {t("reset.continue")}
        </Link>
      </div>
    );
  }

  return (
    <AuthForm
      onSubmit={onSubmit}
      pending={form.formState.isSubmitting}
      failure={failure}
      submitLabel={t("reset.submit")}
      pendingLabel={t("reset.submitting")}
    >
      <NewPasswordFields form={form} />
    </AuthForm>
  );
}
