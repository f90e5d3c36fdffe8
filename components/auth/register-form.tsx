"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { callbackPath } from "@/lib/auth/client/auth-options";
import { authErrorKey } from "@/lib/auth/client/credentials-schema";
import { PROFILE_CREATE_PATH } from "@/lib/auth/guard/guard-decision";
import { withRedirect } from "@/lib/auth/guard/redirect-target";
import { useAuth } from "./auth-context";
import { CredentialsForm } from "./credentials-form";

/**
 * Sign up; with a session (autoconfirm) the new user goes on to create their profile and
 * then to `target`; otherwise the page asks them to confirm their address.
 */
export function RegisterForm({ target }: { target: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const { client, redirectUrl } = useAuth();
  const [awaiting, setAwaiting] = useState<string | null>(null);

  if (awaiting) {
    return (
      <div role="status" className="rounded-card border border-border bg-surface p-6">
        <h2 className="mb-2 text-xl font-semibold">{t("register.confirmTitle")}</h2>
        <p className="text-muted-foreground">
          {t("register.confirmBody", { identifier: awaiting })}
        </p>
      </div>
    );
  }

  return (
    <CredentialsForm
      newPassword
      submitLabel={t("register.submit")}
      pendingLabel={t("register.submitting")}
      passwordHint={t("register.passwordHint")}
      onCredentials={async (credentials) => {
        // The confirmation link (PKCE) returns to /callback, which signs in and goes on.
        const { data, error } = await client.auth.signUp({
          ...credentials,
          options: { emailRedirectTo: redirectUrl(callbackPath(target)) },
        });
        if (error) return authErrorKey(error.code);
        if (!data.session) {
          setAwaiting(credentials.email ?? credentials.phone ?? "");
          return null;
        }
        router.replace(withRedirect(PROFILE_CREATE_PATH, target === "/" ? null : target));
        router.refresh();
        return null;
      }}
    />
  );
}
