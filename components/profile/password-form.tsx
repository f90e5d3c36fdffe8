"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "@/components/auth/auth-context";
import { FormAlert } from "@/components/auth/form-alert";
import type { NewPasswordValues } from "@/components/auth/form-schemas";
import { lazyResolver } from "@/components/auth/lazy-resolver";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { authErrorKey } from "@/lib/auth/client/credential-rules";
import { translateValidationMessage } from "@/lib/validation/messages";

type PasswordValues = NewPasswordValues;

/**
 * Changes the password through PUT /auth/v1/user (other sessions end there). The service's
 * policy is checked again there (length, common passwords).
 */
export function PasswordForm() {
  const t = useTranslations("profile");
  const ta = useTranslations("auth");
  const tv = useTranslations("validation");
  const { authClient } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    resolver: lazyResolver("newPassword"),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.updateUser({ password });
    if (error) {
      setFailure(ta(`errors.${authErrorKey(error.code)}`));
      return;
    }
    form.reset({ password: "" });
    toast({ title: t("password.changed"), variant: "success" });
  });

  const message = errors.password?.message;
  return (
    <form
      onSubmit={onSubmit}
      method="post"
      noValidate
      aria-busy={isSubmitting}
      className="flex flex-col gap-5"
    >
      <FormAlert message={failure} />
      <FormField
        label={t("password.newPassword")}
        hint={t("password.hint")}
        errors={message ? translateValidationMessage(tv, message) : undefined}
        required
      >
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={72}
          {...form.register("password")}
        />
      </FormField>
      <div>
        <Button type="submit" variant="outline" disabled={isSubmitting}>
          {isSubmitting ? t("password.submitting") : t("password.submit")}
        </Button>
      </div>
    </form>
  );
}
