"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useAuth } from "./auth-context";
import { ProviderButton } from "./provider-button";
import { createNonce, GoogleApiUnavailableError, loadGoogleIdentity } from "./google-identity";
import { callbackPath } from "@/lib/auth/client/auth-options";
import { landingAfterSignIn } from "@/lib/auth/client/step-up";

/**
 * "Continue with Google" on /login. With the redirect flow configured (client secret on the
 * server) it is signInWithOAuth: PKCE through /auth/v1/authorize, Google, /auth/v1/callback,
 * then our /callback exchanges the code and goes to `target`. With only a client id it asks
 * Google Identity Services for an id token instead; if that script cannot load, the visitor
 * who clicked reads "Google Api is not available". Either way the page then loads afresh.
 */
export function GoogleButton({
  target,
  clientId,
  redirectFlow,
}: {
  target: string;
  clientId: string;
  redirectFlow: boolean;
}) {
  const t = useTranslations("auth");
  const { authClient, redirectUrl } = useAuth();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const withIdToken = async () => {
    const google = await loadGoogleIdentity();
    const nonce = await createNonce();
    google.initialize({
      client_id: clientId,
      nonce: nonce.hashed,
      use_fedcm_for_prompt: true,
      context: "signin",
      callback: async ({ credential }) => {
        if (!credential) return;
        const client = await authClient();
        const { error: signInError } = await client.auth.signInWithIdToken({
          provider: "google",
          token: credential,
          nonce: nonce.raw,
        });
        if (signInError) {
          setPending(false);
          setError(t("google.failed"));
          return;
        }
        window.location.assign(await landingAfterSignIn(client, target));
      },
    });
    google.prompt();
    setPending(false);
  };

  const withRedirectFlow = async () => {
    const redirectTo = redirectUrl(callbackPath(target));
    const client = await authClient();
    const { error: startError } = await client.auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo },
    });
    if (startError) throw startError;
  };

  const start = async () => {
    setPending(true);
    setError(null);
    try {
      await (redirectFlow ? withRedirectFlow() : withIdToken());
    } catch (failure) {
      setPending(false);
      setError(
        failure instanceof GoogleApiUnavailableError ? t("google.unavailable") : t("google.failed"),
      );
    }
  };

  return (
    <ProviderButton
      mark={<GoogleMark />}
      label={pending ? t("google.pending") : t("google.continue")}
      pending={pending}
      error={error}
      onClick={start}
    />
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.24 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.95l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}
