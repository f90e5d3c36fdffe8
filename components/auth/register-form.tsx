"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { callbackPath } from "@/lib/auth/client/auth-options";
import { authErrorKey } from "@/lib/auth/client/credential-rules";
import { PROFILE_CREATE_PATH } from "@/lib/auth/guard/guard-decision";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import { guestClaimSettled } from "@/lib/cart/guest-claim";
import { CodeForm } from "@/components/profile/code-form";
import { useAuth } from "./auth-context";
import { CredentialsForm } from "./credentials-form";

/**
 * Sign up; with a session (autoconfirm) the new user goes on to create their profile and
 * then to `target`; otherwise the page asks them to confirm: an email by its link or the
 * 6-digit code in the same email, a phone number by the code sent by SMS (the only way, as
 * an SMS carries no link). Either way they go on to create their profile.
 */
export function RegisterForm({ target }: { target: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const { authClient, redirectUrl } = useAuth();
  const [awaiting, setAwaiting] = useState<{ email?: string; phone?: string } | null>(null);
  const goOn = async () => {
    await guestClaimSettled();
    router.replace(withRedirect(PROFILE_CREATE_PATH, target === "/" ? null : target));
    router.refresh();
  };

  if (awaiting) {
    const phone = awaiting.phone;
    return (
      <div className="flex flex-col gap-5 rounded-card border border-border bg-surface p-6">
        <div role="status">
          <h2 className="mb-2 text-xl font-semibold">{t("register.confirmTitle")}</h2>
          <p className="text-muted-foreground">
            {phone
              ? t("register.confirmBodySms", { identifier: phone })
              : t("register.confirmBody", { identifier: awaiting.email ?? "" })}
          </p>
        </div>
        <CodeForm
          label={t("otp.code")}
          hint={phone ? t("otp.codeHintSms") : t("otp.codeHint")}
          submitLabel={t("otp.verify")}
          pendingLabel={t("otp.verifying")}
          onCode={async (token) => {
            const client = await authClient();
            const { error } = await client.auth.verifyOtp(
              phone
                ? { phone, token, type: "sms" }
                : { email: awaiting.email ?? "", token, type: "signup" },
            );
            if (error) {
              return error.code === "otp_expired"
                ? t("errors.codeInvalid")
                : t(`errors.${authErrorKey(error.code)}`);
            }
            await goOn();
            return null;
          }}
        />
      </div>
    );
  }

  return (
    <CredentialsForm
      newPassword
      submitLabel={t("register.submit")}
      pendingLabel={t("register.submitting")}
      passwordHint={t("register.passwordHint")}
      onCredentials={async (credentials) => {
        // The confirmation link (PKCE) returns to /callback, which signs in and goes on.
        const client = await authClient();
        const { data, error } = await client.auth.signUp({
          ...credentials,
          options: { emailRedirectTo: redirectUrl(callbackPath(target)) },
        });
        if (error) return authErrorKey(error.code);
        if (!data.session) {
          setAwaiting(
            credentials.phone ? { phone: credentials.phone } : { email: credentials.email },
          );
          return null;
        }
        await goOn();
        return null;
      }}
    />
  );
}
