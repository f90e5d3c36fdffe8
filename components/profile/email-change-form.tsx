"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "@/components/auth/auth-context";
import { EmailStepForm } from "@/components/auth/email-step-form";
import { lazyResolver } from "@/components/auth/lazy-resolver";
import type { ForgotPasswordInput, ForgotPasswordValues } from "@/components/auth/recovery-schemas";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { CodeForm } from "./code-form";
import { securityErrorKey } from "./security-errors";

/** Where the links of the change emails land (the page explains the outcome). */
export const EMAIL_CHANGE_RETURN = "/profile/update?email_change=1";

/**
 * Change of email (PUT /user {email}). The service mails a link and a code to the new
 * address and, with its secure email change, to the current one too: the change applies
 * once every address asked has confirmed, by link or by code (verify type email_change).
 */
export function EmailChangeForm({
  currentEmail,
  pendingEmail,
  secure,
}: {
  currentEmail: string | null;
  pendingEmail: string | null;
  secure: boolean;
}) {
  const t = useTranslations("profile.security");
  const router = useRouter();
  const { authClient, redirectUrl } = useAuth();
  const [next, setNext] = useState<string | null>(pendingEmail);
  const [confirmed, setConfirmed] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: lazyResolver("forgotPassword"),
    defaultValues: { email: "" },
  });

  const request = async (email: string): Promise<boolean> => {
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.updateUser(
      { email },
      { emailRedirectTo: redirectUrl(EMAIL_CHANGE_RETURN) },
    );
    if (error) {
      setFailure(t(`errors.${securityErrorKey(error.code)}`));
      return false;
    }
    setConfirmed([]);
    return true;
  };

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setNotice(null);
    if (await request(email)) {
      setNext(email);
      form.reset({ email: "" });
    }
  });

  if (!next) {
    return (
      <EmailStepForm
        form={form}
        onSubmit={onSubmit}
        failure={failure}
        label={t("email.label")}
        submitLabel={t("email.submit")}
        pendingLabel={t("email.submitting")}
      />
    );
  }

  const addresses = secure && currentEmail ? [next, currentEmail] : [next];
  const verify = (address: string) => async (code: string) => {
    const client = await authClient();
    const { data, error } = await client.auth.verifyOtp({
      email: address,
      token: code,
      type: "email_change",
    });
    if (error) return t(`errors.${securityErrorKey(error.code)}`);
    if (data.session) {
      toast({ title: t("email.changed", { email: next }), variant: "success" });
      setNext(null);
      router.refresh();
    } else {
      setConfirmed((list) => [...list, address]);
    }
    return null;
  };

  return (
    <div className="flex flex-col gap-5" data-testid="email-change-pending">
      <div role="status" className="flex flex-col gap-2">
        <p className="font-semibold">{t("email.pendingTitle")}</p>
        <p className="text-muted-foreground">
          {addresses.length === 2
            ? t("email.pendingBoth", { current: currentEmail ?? "", next })
            : t("email.pendingNew", { next })}
        </p>
        {confirmed.map((address) => (
          <p key={address} className="text-sm">
            {t("email.confirmedOne", { email: address })}
          </p>
        ))}
        {notice ? <p className="text-sm">{notice}</p> : null}
      </div>
      {addresses
        .filter((address) => !confirmed.includes(address))
        .map((address) => (
          <CodeForm
            key={address}
            label={t("email.codeFrom", { email: address })}
            hint={t("email.codeHint")}
            submitLabel={t("email.confirm")}
            pendingLabel={t("email.confirming")}
            onCode={verify(address)}
          />
        ))}
      {failure ? (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="ghost"
          onClick={async () => {
            setNotice(null);
            if (await request(next)) setNotice(t("email.resent"));
          }}
        >
          {t("email.resend")}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setNext(null);
            setFailure(null);
            setNotice(null);
          }}
        >
          {t("email.other")}
        </Button>
      </div>
    </div>
  );
}
