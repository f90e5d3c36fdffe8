"use client";

import { useTranslations } from "next-intl";
import { ProviderSignIn } from "./provider-sign-in";

/**
 * Sign in with a passkey (a discoverable WebAuthn credential): the browser offers the
 * passkeys it holds for this site, the service checks the signature and opens a session
 * (auth-js signInWithPasskey). The ceremony code loads on click, so the button adds next to
 * nothing to the page. On success the page goes to `target`, through the MFA step when the
 * user has a second factor.
 */
export function PasskeySignIn({ target }: { target: string }) {
  const t = useTranslations("auth");
  return (
    <ProviderSignIn
      target={target}
      mark={<PasskeyMark />}
      label={t("passkey.signIn")}
      pendingLabel={t("passkey.pending")}
      failedMessage={t("passkey.errors.failed")}
      signIn={async (client) => {
        const { signInWithPasskey } = await import("./webauthn-ceremonies");
        const failure = await signInWithPasskey(client);
        return failure ? t(`passkey.errors.${failure}`) : null;
      }}
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
