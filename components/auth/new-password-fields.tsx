"use client";

import { useTranslations } from "next-intl";
import type { UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { translateValidationMessage } from "@/lib/validation/messages";
import { PASSWORDS_DIFFER, recoveryLimits } from "./recovery-rules";
import type { ResetPasswordValues } from "./recovery-schemas";

/** A new password typed twice (reset password, accepting an invitation), with their errors. */
export function NewPasswordFields({ form }: { form: UseFormReturn<ResetPasswordValues> }) {
  const t = useTranslations("auth");
  const tv = useTranslations("validation");
  const { errors } = form.formState;
  const passwordMessage = errors.password?.message;
  const confirmMessage = errors.confirm?.message;
  return (
    <>
      <FormField
        label={t("reset.password")}
        hint={t("register.passwordHint")}
        errors={passwordMessage ? translateValidationMessage(tv, passwordMessage) : undefined}
        required
      >
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={recoveryLimits.password}
          {...form.register("password")}
        />
      </FormField>
      <FormField
        label={t("reset.confirm")}
        errors={
          confirmMessage === PASSWORDS_DIFFER
            ? t("errors.passwordsDiffer")
            : confirmMessage
              ? translateValidationMessage(tv, confirmMessage)
              : undefined
        }
        required
      >
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={recoveryLimits.password}
          {...form.register("confirm")}
        />
      </FormField>
    </>
  );
}
