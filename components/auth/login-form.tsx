"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { guestClaimSettled } from "@/lib/cart/guest-claim";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { authErrorKey } from "@/lib/auth/client/credential-rules";
import { useAuth } from "./auth-context";
import { CredentialsForm } from "./credentials-form";
import { GoogleButton } from "./google-button";
import { OtpLoginForm } from "./otp-login-form";
import { PasskeySignIn } from "./passkey-sign-in";
import { SolanaButton } from "./solana-button";

// The second step (code or security key) only renders after a sign-in of a user with MFA:
// loaded then, not up front.
const MfaStep = lazy(() => import("./mfa-step").then((module) => ({ default: module.MfaStep })));

/** Sign-in methods besides the password that this deployment offers. */
export type LoginMethods = {
  /** Google: the browser's client id, and whether the server runs the redirect flow. */
  google: { clientId: string; redirectFlow: boolean } | null;
  solana: boolean;
  /** Passkeys (WebAuthn discoverable credentials) of the built-in auth service. */
  passkey?: boolean;
};

/** Sign in with a password, or as a guest (anonymous sign-in); then go to `target`. */
export function LoginForm({
  target,
  methods = { google: null, solana: false },
}: {
  target: string;
  methods?: LoginMethods;
}) {
  const t = useTranslations("auth");
  const router = useRouter();
  const { authClient, session } = useAuth();
  const [guestPending, setGuestPending] = useState(false);
  const [guestError, setGuestError] = useState<string | null>(null);
  const [withCode, setWithCode] = useState(false);
  const [needsMfa, setNeedsMfa] = useState(false);

  const land = async () => {
    await guestClaimSettled();
    router.replace(target);
    router.refresh();
  };

  // Supabase's pattern: a verified factor makes the next level aal2; until the session has
  // it, the TOTP step comes before the target.
  const afterSignIn = async () => {
    const client = await authClient();
    const { data } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    if (data?.nextLevel === "aal2" && data.currentLevel !== "aal2") {
      setNeedsMfa(true);
      return;
    }
    await land();
  };

  // Signed in already with the step pending (the guard keeps /login open then): show it.
  useEffect(() => {
    if (!session) return;
    let cancelled = false;
    void authClient()
      .then((client) => client.auth.mfa.getAuthenticatorAssuranceLevel())
      .then(({ data }) => {
        if (!cancelled && data?.nextLevel === "aal2" && data.currentLevel !== "aal2") {
          setNeedsMfa(true);
        }
      });
    return () => {
      cancelled = true;
    };
  }, [authClient, session]);

  if (needsMfa) {
    return (
      <section aria-labelledby="mfa-step-title" className="flex flex-col gap-4">
        <h2 id="mfa-step-title" className="text-xl font-semibold">
          {t("mfa.title")}
        </h2>
        <p className="text-muted-foreground">{t("mfa.intro")}</p>
        <Suspense fallback={<p className="text-muted-foreground">{t("login.submitting")}</p>}>
          <MfaStep onVerified={land} />
        </Suspense>
        <Button
          type="button"
          variant="ghost"
          onClick={async () => {
            const client = await authClient();
            await client.auth.signOut({ scope: "local" });
            setNeedsMfa(false);
          }}
        >
          {t("mfa.cancel")}
        </Button>
      </section>
    );
  }

  const continueAsGuest = async () => {
    setGuestPending(true);
    setGuestError(null);
    const client = await authClient();
    const { error } = await client.auth.signInAnonymously();
    if (error) {
      setGuestPending(false);
      setGuestError(t(`errors.${authErrorKey(error.code)}`));
      return;
    }
    await land();
  };

  return (
    <div className="flex flex-col gap-4">
      {withCode ? (
        <OtpLoginForm target={target} onSignedIn={afterSignIn} />
      ) : (
        <CredentialsForm
          submitLabel={t("login.submit")}
          pendingLabel={t("login.submitting")}
          onCredentials={async (credentials) => {
            const client = await authClient();
            const { error } = await client.auth.signInWithPassword(credentials);
            if (error) return authErrorKey(error.code);
            await afterSignIn();
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
      {methods.passkey ? <PasskeySignIn target={target} /> : null}
      {methods.google ? (
        <GoogleButton
          target={target}
          clientId={methods.google.clientId}
          redirectFlow={methods.google.redirectFlow}
        />
      ) : null}
      {methods.solana ? <SolanaButton target={target} /> : null}
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
