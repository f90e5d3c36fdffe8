"use client";

import type { Factor } from "@supabase/supabase-js";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useAuth } from "./auth-context";
import { FormAlert } from "./form-alert";
import { MfaChallengeForm } from "./mfa-challenge-form";

type Factors = { keys: Factor[]; totp: boolean };

/**
 * The second step (aal1 → aal2) with whatever the user has set up: a button per security
 * key (WebAuthn factor: the browser asks the key, the service checks its signature), and the
 * authenticator-app code form when there is a TOTP factor (or nothing else).
 */
export function MfaStep({
  onVerified,
  submitLabel,
}: {
  onVerified: () => void;
  submitLabel?: string;
}) {
  const t = useTranslations("auth");
  const { authClient } = useAuth();
  const [factors, setFactors] = useState<Factors | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void authClient()
      .then((client) => client.auth.mfa.listFactors())
      .then(({ data }) => {
        if (cancelled) return;
        setFactors({ keys: data?.webauthn ?? [], totp: (data?.totp.length ?? 0) > 0 });
      });
    return () => {
      cancelled = true;
    };
  }, [authClient]);

  if (!factors) return <p className="text-muted-foreground">{t("login.submitting")}</p>;

  const confirmWithKey = async (factor: Factor) => {
    setBusy(factor.id);
    setFailure(null);
    const { verifyWebAuthnFactor } = await import("./webauthn-ceremonies");
    const client = await authClient();
    const outcome = await verifyWebAuthnFactor(client, factor.id);
    setBusy(null);
    if (outcome) {
      setFailure(t(`passkey.errors.${outcome}`));
      return;
    }
    onVerified();
  };

  const codeForm = factors.totp || factors.keys.length === 0;
  return (
    <div className="flex flex-col gap-5">
      {factors.keys.length > 0 ? (
        <div className="flex flex-col gap-3">
          <FormAlert message={failure} />
          {factors.keys.map((factor) => (
            <Button
              key={factor.id}
              type="button"
              size="lg"
              className="w-full"
              disabled={busy !== null}
              onClick={() => confirmWithKey(factor)}
            >
              {busy === factor.id
                ? t("passkey.mfa.pending")
                : factors.keys.length > 1 && factor.friendly_name
                  ? t("passkey.mfa.useNamed", { name: factor.friendly_name })
                  : t("passkey.mfa.use")}
            </Button>
          ))}
        </div>
      ) : null}
      {factors.keys.length > 0 && codeForm ? (
        <p className="text-center text-sm text-muted-foreground">{t("passkey.mfa.orCode")}</p>
      ) : null}
      {codeForm ? <MfaChallengeForm onVerified={onVerified} submitLabel={submitLabel} /> : null}
    </div>
  );
}
