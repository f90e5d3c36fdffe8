"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useAuth } from "@/components/auth/auth-context";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";

/** Ends the session here (scope local); the provider clears the profile on SIGNED_OUT. */
export function SignOutButton() {
  const t = useTranslations("auth");
  const router = useRouter();
  const { client } = useAuth();
  const [pending, setPending] = useState(false);

  const signOut = async () => {
    setPending(true);
    // auth-js removes the local session even when the service answers 401/403/404.
    await client.auth.signOut({ scope: "local" });
    toast({ title: t("signedOut") });
    router.replace("/");
    router.refresh();
  };

  return (
    <Button type="button" variant="outline" disabled={pending} onClick={signOut}>
      {pending ? t("signingOut") : t("signOut")}
    </Button>
  );
}
