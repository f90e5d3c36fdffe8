"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { authErrorKey } from "@/lib/auth/client/credentials-schema";
import { translateValidationMessage } from "@/lib/validation/messages";
import { validationResolver } from "@/lib/validation/resolver";
import { useAuth } from "./auth-context";
import { EmailStepForm } from "./email-step-form";
import { FormAlert } from "./form-alert";
import {
  forgotPasswordSchema,
  type ForgotPasswordInput,
  type ForgotPasswordValues,
} from "./recovery-schemas";

const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .regex(/^[0-9]{6}$/),
});
type CodeValues = z.infer<typeof codeSchema>;

/**
 * Sign in with a one-time code: the email gets a code (POST /otp; an unknown address gets
 * an account and its confirmation code), then the code is verified (type "email").
 */
export function OtpLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useTranslations("auth");
  const tv = useTranslations("validation");
  const { client } = useAuth();
  const [email, setEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const emailForm = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: validationResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const codeForm = useForm<CodeValues>({
    resolver: validationResolver(codeSchema),
    defaultValues: { code: "" },
  });

  const sendCode = emailForm.handleSubmit(async (values) => {
    setFailure(null);
    const { error } = await client.auth.signInWithOtp({ email: values.email });
    if (error) {
      setFailure(t(`errors.${authErrorKey(error.code)}`));
      return;
    }
    setEmail(values.email);
  });

  const verifyCode = codeForm.handleSubmit(async ({ code }) => {
    if (!email) return;
    setFailure(null);
    const { error } = await client.auth.verifyOtp({ email, token: code, type: "email" });
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

  if (!email) {
    return (
      <EmailStepForm
        form={emailForm}
        onSubmit={sendCode}
        failure={failure}
        label={t("otp.email")}
        submitLabel={t("otp.send")}
        pendingLabel={t("otp.sending")}
      />
    );
  }

  const message = codeForm.formState.errors.code?.message;
  const pending = codeForm.formState.isSubmitting;
  return (
    <form onSubmit={verifyCode} noValidate aria-busy={pending} className="flex flex-col gap-5">
      <p role="status" className="text-muted-foreground">
        {t("otp.sent", { email })}
      </p>
      <FormAlert message={failure} />
      <FormField
        label={t("otp.code")}
        hint={t("otp.codeHint")}
        errors={message ? translateValidationMessage(tv, message) : undefined}
        required
      >
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...codeForm.register("code")}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? t("otp.verifying") : t("otp.verify")}
      </Button>
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          setEmail(null);
          setFailure(null);
          codeForm.reset({ code: "" });
        }}
      >
        {t("otp.otherEmail")}
      </Button>
    </form>
  );
}
