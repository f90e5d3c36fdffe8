"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "@/components/auth/auth-context";
import { AuthForm } from "@/components/auth/auth-form";
import type { PhoneValues } from "@/components/auth/form-schemas";
import { lazyResolver } from "@/components/auth/lazy-resolver";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { translateValidationMessage } from "@/lib/validation/messages";
import { CodeForm } from "./code-form";
import { securityErrorKey } from "./security-errors";

/** Change of phone (PUT /user {phone}): a code by text message, verify type phone_change. */
export function PhoneChangeForm({ pendingPhone }: { pendingPhone: string | null }) {
  const t = useTranslations("profile.security");
  const tv = useTranslations("validation");
  const router = useRouter();
  const { authClient } = useAuth();
  const [next, setNext] = useState<string | null>(pendingPhone ? `+${pendingPhone}` : null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PhoneValues>({
    resolver: lazyResolver("phone"),
    defaultValues: { phone: "" },
  });

  const onSubmit = form.handleSubmit(async ({ phone }) => {
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.updateUser({ phone });
    if (error) {
      setFailure(t(`errors.${securityErrorKey(error.code)}`));
      return;
    }
    setNext(phone);
    form.reset({ phone: "" });
  });

  if (next) {
    return (
      <div className="flex flex-col gap-4" data-testid="phone-change-pending">
        <p role="status" className="text-muted-foreground">
          {t("phone.pending", { phone: next })}
        </p>
        <CodeForm
          label={t("phone.codeLabel")}
          submitLabel={t("phone.confirm")}
          pendingLabel={t("phone.confirming")}
          onCode={async (code) => {
            const client = await authClient();
            const { error } = await client.auth.verifyOtp({
              phone: next,
              token: code,
              type: "phone_change",
            });
            if (error) return t(`errors.${securityErrorKey(error.code)}`);
            toast({ title: t("phone.changed", { phone: next }), variant: "success" });
            setNext(null);
            router.refresh();
            return null;
          }}
        />
        <div>
          <Button type="button" variant="ghost" onClick={() => setNext(null)}>
            {t("phone.other")}
          </Button>
        </div>
      </div>
    );
  }

  const message = form.formState.errors.phone?.message;
  return (
    <AuthForm
      onSubmit={onSubmit}
      pending={form.formState.isSubmitting}
      failure={failure}
      submitLabel={t("phone.submit")}
      pendingLabel={t("phone.submitting")}
      intro={null}
      compact
    >
      <FormField
        label={t("phone.label")}
        hint={t("phone.hint")}
        errors={message ? translateValidationMessage(tv, message) : undefined}
        required
      >
        <Input type="tel" autoComplete="tel" maxLength={30} {...form.register("phone")} />
      </FormField>
    </AuthForm>
  );
}
