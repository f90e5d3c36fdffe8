"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { MfaStep } from "@/components/auth/mfa-step";

/**
 * The security settings of a user with a verified factor need an aal2 session: at aal1
 * (signed in with a password, a link or a code only) the TOTP step comes first.
 */
export function SecurityUnlock() {
  const t = useTranslations("profile.security");
  const router = useRouter();
  return (
    <div className="flex flex-col gap-4 rounded-card border border-border p-4">
      <p className="font-semibold">{t("locked.title")}</p>
      <p className="text-muted-foreground">{t("locked.body")}</p>
      <MfaStep onVerified={() => router.refresh()} />
    </div>
  );
}
