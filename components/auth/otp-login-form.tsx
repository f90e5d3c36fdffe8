"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { callbackPath } from "@/lib/auth/client/auth-options";
import { authErrorKey, credentialLimits } from "@/lib/auth/client/credential-rules";
import type { Identifier, IdentifierInput } from "@/lib/auth/client/credentials-schema";
import { translateValidationMessage } from "@/lib/validation/messages";
import { useAuth } from "./auth-context";
import { AuthForm } from "./auth-form";
import { lazyResolver } from "./lazy-resolver";
import { OneTimeCodeField, useOneTimeCodeForm } from "./one-time-code";

/**
 * Sign in with a one-time code (spec §5: email or phone). An email gets a code and a link
 * (POST /otp; an unknown address gets an account and its confirmation code; the link is
 * PKCE and returns to /callback with `target`), a phone number an SMS code; then the code
 * is verified (type "email" or "sms").
 */
export function OtpLoginForm({
  target = "/",
  onSignedIn,
}: {
  target?: string;
  onSignedIn: () => void;
}) {
  const t = useTranslations("auth");
  const tv = useTranslations("validation");
  const { authClient, redirectUrl } = useAuth();
  const [sentTo, setSentTo] = useState<Identifier | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const identifierForm = useForm<IdentifierInput, unknown, Identifier>({
    resolver: lazyResolver("identifier"),
    defaultValues: { identifier: "" },
  });
  const codeForm = useOneTimeCodeForm();

  const sendCode = identifierForm.handleSubmit(async (destination) => {
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.signInWithOtp(
      "email" in destination
        ? {
            email: destination.email,
            options: { emailRedirectTo: redirectUrl(callbackPath(target)) },
          }
        : { phone: destination.phone },
    );
    if (error) {
      setFailure(t(`errors.${authErrorKey(error.code)}`));
      return;
    }
    setSentTo(destination);
  });

  const verifyCode = codeForm.handleSubmit(async ({ code }) => {
    if (!sentTo) return;
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.verifyOtp(
      "email" in sentTo
        ? { email: sentTo.email, token: code, type: "email" }
        : { phone: sentTo.phone, token: code, type: "sms" },
    );
    if (error) {
      setFailure(
        error.code === "otp_expired"
          ? t("errors.codeInvalid")
          : t(`errors.${authErrorKey(error.code)}`),
      );
      return;
    }
    onSignedIn();
  });

  if (!sentTo) {
    const message = identifierForm.formState.errors.identifier?.message;
    return (
      <AuthForm
        onSubmit={sendCode}
        pending={identifierForm.formState.isSubmitting}
        failure={failure}
        submitLabel={t("otp.send")}
        pendingLabel={t("otp.sending")}
      >
        <FormField
          label={t("otp.identifier")}
          hint={t("otp.identifierHint")}
          errors={message ? translateValidationMessage(tv, message) : undefined}
          required
        >
          <Input
            autoComplete="username"
            maxLength={credentialLimits.identifier}
            {...identifierForm.register("identifier")}
          />
        </FormField>
      </AuthForm>
    );
  }

  const destination = "email" in sentTo ? sentTo.email : sentTo.phone;
  return (
    <AuthForm
      onSubmit={verifyCode}
      pending={codeForm.formState.isSubmitting}
      failure={failure}
      submitLabel={t("otp.verify")}
      pendingLabel={t("otp.verifying")}
      intro={
        <p role="status" className="text-muted-foreground">
          {t("otp.sent", { destination })}
        </p>
      }
      footer={
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setSentTo(null);
            setFailure(null);
            codeForm.reset({ code: "" });
          }}
        >
          {t("otp.otherEmail")}
        </Button>
      }
    >
      <OneTimeCodeField
        form={codeForm}
        label={t("otp.code")}
        hint={"email" in sentTo ? t("otp.codeHint") : t("otp.codeHintSms")}
      />
    </AuthForm>
  );
}
