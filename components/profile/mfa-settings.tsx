"use client";

import type { Factor } from "@supabase/supabase-js";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useState } from "react";
import { useAuth } from "@/components/auth/auth-context";
import { FormAlert } from "@/components/auth/form-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { securityErrorKey } from "./security-errors";

// The enrolment panel (QR code, secret, first code) loads when asked for.
const MfaEnrollPanel = lazy(() =>
  import("./mfa-enroll-panel").then((module) => ({ default: module.MfaEnrollPanel })),
);
const WebAuthnEnrollPanel = lazy(() =>
  import("./webauthn-enroll-panel").then((module) => ({ default: module.WebAuthnEnrollPanel })),
);

/**
 * Two-step verification: the user's factors with their status (listFactors), removing one
 * (unenroll; the service asks for an aal2 session once a factor is verified) and setting up
 * a TOTP app.
 */
export function MfaSettings({
  initial,
  webauthn = false,
}: {
  initial: Factor[];
  /** Security keys (WebAuthn factors) can be set up too. */
  webauthn?: boolean;
}) {
  const t = useTranslations("profile.security");
  const format = useFormatter();
  const router = useRouter();
  const { authClient } = useAuth();
  const [factors, setFactors] = useState(initial);
  const [enrolling, setEnrolling] = useState<false | "totp" | "webauthn">(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const reload = async () => {
    const client = await authClient();
    const { data } = await client.auth.mfa.listFactors();
    if (data) setFactors(data.all);
    router.refresh();
  };

  const remove = async (factor: Factor) => {
    setBusy(factor.id);
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    setBusy(null);
    if (error) {
      setFailure(t(`errors.${securityErrorKey(error.code)}`));
      return;
    }
    toast({ title: t("mfa.removed"), variant: "success" });
    await reload();
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground">{t("mfa.intro")}</p>
      <FormAlert message={failure} />
      {factors.length === 0 ? (
        <p className="text-sm">{t("mfa.none")}</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-border rounded-card border border-border"
          aria-label={t("mfa.title")}
        >
          {factors.map((factor) => {
            const name =
              factor.friendly_name ||
              (factor.factor_type === "webauthn" ? t("mfa.keyUnnamed") : t("mfa.unnamed"));
            return (
              <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium break-all">{name}</p>
                  <p className="text-sm text-muted-foreground">
                    {format.dateTime(new Date(factor.created_at), { dateStyle: "medium" })}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <Badge variant={factor.status === "verified" ? "accent" : "outline"}>
                    {factor.status === "verified" ? t("mfa.verified") : t("mfa.unverified")}
                  </Badge>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={busy !== null}
                    aria-label={t("mfa.removeLabel", { name })}
                    onClick={() => remove(factor)}
                  >
                    {busy === factor.id ? t("mfa.removing") : t("mfa.remove")}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {enrolling === "webauthn" ? (
        <Suspense fallback={<p className="text-muted-foreground">{t("mfa.loading")}</p>}>
          <WebAuthnEnrollPanel
            onDone={async () => {
              setEnrolling(false);
              await reload();
            }}
            onCancel={() => setEnrolling(false)}
          />
        </Suspense>
      ) : enrolling ? (
        <Suspense fallback={<p className="text-muted-foreground">{t("mfa.loading")}</p>}>
          <MfaEnrollPanel
            onDone={async () => {
              setEnrolling(false);
              await reload();
            }}
            onCancel={async () => {
              setEnrolling(false);
              await reload();
            }}
          />
        </Suspense>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" onClick={() => setEnrolling("totp")}>
            {t("mfa.add")}
          </Button>
          {webauthn ? (
            <Button type="button" variant="outline" onClick={() => setEnrolling("webauthn")}>
              {t("mfa.addKey")}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
