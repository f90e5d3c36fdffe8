"use client";

import { useTranslations } from "next-intl";
import { ProviderSignIn } from "./provider-sign-in";
import { connectSolanaWallet } from "./solana-wallet";

/**
 * Sign in with Solana: the wallet in the page (injected or Wallet Standard) signs the
 * Sign-In-With-Solana message auth-js writes (signInWithWeb3); no wallet → a clear message.
 * On success the page loads `target` afresh (the guard then checks the profile).
 */
export function SolanaButton({ target }: { target: string }) {
  const t = useTranslations("auth");
  return (
    <ProviderSignIn
      target={target}
      mark={<SolanaMark />}
      label={t("solana.continue")}
      pendingLabel={t("solana.pending")}
      failedMessage={t("solana.failed")}
      signIn={async (client) => {
        const wallet = await connectSolanaWallet();
        if (!wallet) return t("solana.noWallet");
        const { error } = await client.auth.signInWithWeb3({
          chain: "solana",
          wallet,
          statement: t("solana.statement"),
        });
        if (error) throw error;
        return null;
      }}
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
