"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { authErrorKey } from "@/lib/auth/client/credentials-schema";
import { useAuth } from "./auth-context";
import { CredentialsForm } from "./credentials-form";
import { OtpLoginForm } from "./otp-login-form";

/** Sign in with a password, or as a guest (anonymous sign-in); then go to `target`. */
export function LoginForm({ target }: { target: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const { client } = useAuth();
  const [guestPending, setGuestPending] = useState(false);
  const [guestError, setGuestError] = useState<string | null>(null);
  const [withCode, setWithCode] = useState(false);

  const land = () => {
    router.replace(target);
    router.refresh();
  };

  const continueAsGuest = async () => {
    setGuestPending(true);
    setGuestError(null);
    const { error } = await client.auth.signInAnonymously();
    if (error) {
      setGuestPending(false);
      setGuestError(t(`errors.${authErrorKey(error.code)}`));
      return;
    }
    land();
  };

  return (
    <div className="flex flex-col gap-4">
      {withCode ? (
        <OtpLoginForm onSignedIn={land} />
      ) : (
        <CredentialsForm
          submitLabel={t("login.submit")}
          pendingLabel={t("login.submitting")}
          onCredentials={async (credentials) => {
            const { error } = await client.auth.signInWithPassword(credentials);
            if (error) return authErrorKey(error.code);
            land();
            return null;
          }}
        />
      )}
      <Button
        type="button"
        variant="ghost"
        className="w-full"
        onClick={() => setWithCode(!withCode)}
      >
        {withCode ? t("otp.usePassword") : t("otp.useCode")}
      </Button>
      <p className="text-center text-sm text-muted-foreground">{t("login.or")}</p>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        disabled={guestPending}
        onClick={continueAsGuest}
      >
        {guestPending ? t("login.guestPending") : t("login.guest")}
      </Button>
      {guestError ? (
        <p role="alert" className="text-sm text-danger">
          {guestError}
        </p>
      ) : null}
    </div>
  );
}
