"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { authErrorKey } from "@/lib/auth/client/credentials-schema";
import { translateValidationMessage } from "@/lib/validation/messages";
import { validationResolver } from "@/lib/validation/resolver";
import { useAuth } from "./auth-context";
import { FormAlert } from "./form-alert";
import {
  forgotPasswordSchema,
  recoveryLimits,
  recoveryRedirectUrl,
  type ForgotPasswordInput,
  type ForgotPasswordValues,
} from "./recovery-schemas";

/**
 * Asks the service for a recovery email (PKCE: the verifier stays in this browser's
 * cookies). The answer is the same whether or not the address has an account.
 */
export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const tv = useTranslations("validation");
  const { client } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: validationResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const { error } = await client.auth.resetPasswordForEmail(email, {
      redirectTo: recoveryRedirectUrl(window.location.origin),
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

  const message = errors.email?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="flex flex-col gap-5">
      <FormAlert message={failure} />
      <FormField
        label={t("forgot.email")}
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
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t("forgot.submitting") : t("forgot.submit")}
      </Button>
    </form>
  );
}
