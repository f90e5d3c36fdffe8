"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { landingAfterSignIn } from "@/lib/auth/client/step-up";
import { useAuth } from "./auth-context";
import { ProviderButton } from "./provider-button";

/**
 * Sign in with a passkey (a discoverable WebAuthn credential): the browser offers the
 * passkeys it holds for this site, the service checks the signature and opens a session
 * (auth-js signInWithPasskey). The ceremony code loads on click, so the button adds next to
 * nothing to the page. On success the page goes to `target`, through the MFA step when the
 * user has a second factor.
 */
export function PasskeySignIn({ target }: { target: string }) {
  const t = useTranslations("auth");
  const { client } = useAuth();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setPending(true);
    setError(null);
    const { signInWithPasskey } = await import("./webauthn-ceremonies");
    const failure = await signInWithPasskey(client);
    if (failure) {
      setError(t(`passkey.errors.${failure}`));
      setPending(false);
      return;
    }
    window.location.assign(await landingAfterSignIn(client, target));
  };

  return (
    <ProviderButton
      mark={<PasskeyMark />}
      label={pending ? t("passkey.pending") : t("passkey.signIn")}
      pending={pending}
      error={error}
      onClick={start}
    />
  );
}

function PasskeyMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="9" cy="8" r="4" />
      <path d="M2 21v-1a6 6 0 0 1 9.5-4.9" />
      <circle cx="17" cy="13" r="2.5" />
      <path d="M17 15.5V21l1.5-1.2M17 18.5h1.5" />
    </svg>
  );
}
