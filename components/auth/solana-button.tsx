"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useAuth } from "./auth-context";
import { ProviderButton } from "./provider-button";
import { connectSolanaWallet } from "./solana-wallet";
import { landingAfterSignIn } from "@/lib/auth/client/step-up";

/**
 * Sign in with Solana: the wallet in the page (injected or Wallet Standard) signs the
 * Sign-In-With-Solana message auth-js writes (signInWithWeb3); no wallet → a clear message.
 * On success the page loads `target` afresh (the guard then checks the profile).
 */
export function SolanaButton({ target }: { target: string }) {
  const t = useTranslations("auth");
  const { client } = useAuth();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setPending(true);
    setError(null);
    try {
      const wallet = await connectSolanaWallet();
      if (!wallet) {
        setError(t("solana.noWallet"));
        setPending(false);
        return;
      }
      const { error: signInError } = await client.auth.signInWithWeb3({
        chain: "solana",
        wallet,
        statement: t("solana.statement"),
      });
      if (signInError) throw signInError;
      window.location.assign(await landingAfterSignIn(client, target));
    } catch (failure) {
      console.warn("Solana sign-in failed", failure);
      setError(t("solana.failed"));
      setPending(false);
    }
  };

  return (
    <ProviderButton
      mark={<SolanaMark />}
      label={pending ? t("solana.pending") : t("solana.continue")}
      pending={pending}
      error={error}
      onClick={start}
    />
  );
}

function SolanaMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M5.2 16.4a.7.7 0 0 1 .5-.2h16.1c.3 0 .5.4.3.6l-3.2 3.2a.7.7 0 0 1-.5.2H2.3c-.3 0-.5-.4-.3-.6l3.2-3.2Zm0-12.2a.7.7 0 0 1 .5-.2h16.1c.3 0 .5.4.3.6L18.9 7.8a.7.7 0 0 1-.5.2H2.3c-.3 0-.5-.4-.3-.6l3.2-3.2Zm13.7 6a.7.7 0 0 0-.5-.2H2.3c-.3 0-.5.4-.3.6l3.2 3.2c.1.1.3.2.5.2h16.1c.3 0 .5-.4.3-.6l-3.2-3.2Z" />
    </svg>
  );
}
