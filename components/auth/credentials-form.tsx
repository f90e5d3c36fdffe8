"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import {
  CREDENTIALS_REQUIRED,
  credentialLimits,
  type AuthErrorKey,
} from "@/lib/auth/client/credential-rules";
import type { Credentials, CredentialsInput } from "@/lib/auth/client/credentials-schema";
import { translateValidationMessage } from "@/lib/validation/messages";
import { AuthForm } from "./auth-form";
import { lazyResolver } from "./lazy-resolver";

export type CredentialsFormProps = {
  /** Calls the auth service; answers the "auth.errors" key of a failure, or null. */
  onCredentials: (credentials: Credentials) => Promise<AuthErrorKey | null>;
  submitLabel: string;
  pendingLabel: string;
  passwordHint?: string;
  newPassword?: boolean;
  children?: ReactNode;
};

/**
 * Email-or-phone + password, validated with the shared schema (loaded on the first submit),
 * errors from the service.
 */
export function CredentialsForm({
  onCredentials,
  submitLabel,
  pendingLabel,
  passwordHint,
  newPassword,
  children,
}: CredentialsFormProps) {
  const t = useTranslations("auth");
  const tv = useTranslations("validation");
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CredentialsInput, unknown, Credentials>({
    resolver: lazyResolver("credentials"),
    defaultValues: { identifier: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (credentials) => {
    setFailure(null);
    const key = await onCredentials(credentials);
    if (key) {
      setFailure(t(`errors.${key}`));
    }
  });

  const identifierMessage = errors.identifier?.message;
  const missing = identifierMessage === CREDENTIALS_REQUIRED;
  const identifierError =
    identifierMessage && !missing ? translateValidationMessage(tv, identifierMessage) : undefined;
  const alert = missing ? t("errors.credentialsRequired") : failure;

  return (
    <AuthForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      failure={alert}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      footer={children}
    >
      <FormField
        label={t("login.identifier")}
        hint={t("login.identifierHint")}
        errors={identifierError}
        required
      >
        <Input
          autoComplete="username"
          maxLength={credentialLimits.identifier}
          {...form.register("identifier")}
        />
      </FormField>
      <FormField label={t("login.password")} hint={passwordHint} required>
        <Input
          type="password"
          autoComplete={newPassword ? "new-password" : "current-password"}
          maxLength={credentialLimits.password}
          {...form.register("password")}
        />
      </FormField>
    </AuthForm>
  );
}
