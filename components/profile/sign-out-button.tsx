"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAuth } from "@/components/auth/auth-context";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";

/**
 * Ends the session here (scope local); the provider clears the profile on SIGNED_OUT. Its
 * three texts come from the server (`auth.signOut`, `signingOut`, `signedOut`): /profile
 * sends no catalogue of its own to the browser.
 */
export function SignOutButton({
  labels,
}: {
  labels: { signOut: string; signingOut: string; signedOut: string };
}) {
  const router = useRouter();
  const { authClient } = useAuth();
  const [pending, setPending] = useState(false);

  const signOut = async () => {
    setPending(true);
    // auth-js removes the local session even when the service answers 401/403/404.
    const client = await authClient();
    await client.auth.signOut({ scope: "local" });
    toast({ title: labels.signedOut });
    router.replace("/");
    router.refresh();
  };

  return (
    <Button type="button" variant="outline" disabled={pending} onClick={signOut}>
      {pending ? labels.signingOut : labels.signOut}
    </Button>
  );
}
