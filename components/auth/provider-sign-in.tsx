import type { BrowserAuthClient } from "@/lib/auth/client/browser-client";
import { useState, type ReactNode } from "react";
import { landingAfterSignIn } from "@/lib/auth/client/step-up";
import { useAuth } from "./auth-context";
import { ProviderButton } from "./provider-button";

/**
 * A provider's sign-in button that signs in on click (passkey, Solana wallet): `signIn` runs
 * the provider's ceremony and answers the message of a failure it can name, or null once the
 * session is open; the page then loads `target` afresh, through the MFA step when the user
 * has a second factor. Anything thrown on the way reads as `failedMessage`. For client
 * components only (it takes a function).
 */
export function ProviderSignIn({
  target,
  mark,
  label,
  pendingLabel,
  failedMessage,
  signIn,
}: {
  target: string;
  mark: ReactNode;
  label: string;
  pendingLabel: string;
  failedMessage: string;
  signIn: (client: BrowserAuthClient) => Promise<string | null>;
}) {
  const { authClient } = useAuth();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setPending(true);
    setError(null);
    let failure: string | null;
    try {
      const client = await authClient();
      failure = await signIn(client);
      if (!failure) window.location.assign(await landingAfterSignIn(client, target));
    } catch (thrown) {
      console.warn("Sign-in failed", thrown);
      failure = failedMessage;
    }
    if (failure) {
      setError(failure);
      setPending(false);
    }
  };

  return (
    <ProviderButton
      mark={mark}
      label={pending ? pendingLabel : label}
      pending={pending}
      error={error}
      onClick={start}
    />
  );
}
