"use client";

import type { UserIdentity } from "@supabase/supabase-js";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useAuth } from "@/components/auth/auth-context";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { linkErrorKey, securityErrorKey } from "./security-errors";

const KNOWN = ["email", "phone", "google", "web3"] as const;
type KnownProvider = (typeof KNOWN)[number];
const isKnown = (provider: string): provider is KnownProvider =>
  (KNOWN as readonly string[]).includes(provider);

/** What identifies an identity to its owner: its address, name or wallet. */
function detail(identity: UserIdentity): string | null {
  const data = identity.identity_data ?? {};
  for (const field of ["email", "phone", "name", "full_name"]) {
    const value: unknown = data[field];
    if (typeof value === "string" && value) return field === "phone" ? `+${value}` : value;
  }
  const address: unknown = (data.custom_claims as { address?: unknown } | undefined)?.address;
  return typeof address === "string" ? address : null;
}

/**
 * The user's identities (getUserIdentities), unlinking one (unlinkIdentity; the service
 * refuses the last one), and linking a Google account (linkIdentity: the browser goes to
 * Google through the service's /user/identities/authorize and comes back to /callback).
 */
export function IdentitiesList({ initial }: { initial: UserIdentity[] }) {
  const t = useTranslations("profile.security");
  const router = useRouter();
  const { authClient, redirectUrl } = useAuth();
  const [identities, setIdentities] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const label = (provider: string) =>
    isKnown(provider)
      ? t(`identities.providers.${provider}`)
      : t("identities.providers.other", { provider });

  const unlink = async (identity: UserIdentity) => {
    setBusy(identity.identity_id);
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.unlinkIdentity(identity);
    if (error) {
      setBusy(null);
      setFailure(t(`errors.${securityErrorKey(error.code)}`));
      return;
    }
    const { data } = await client.auth.getUserIdentities();
    setIdentities(data?.identities ?? identities.filter((i) => i !== identity));
    setBusy(null);
    toast({ title: t("identities.unlinked"), variant: "success" });
    router.refresh();
  };

  const linkGoogle = async () => {
    setBusy("google");
    setFailure(null);
    const client = await authClient();
    const { error } = await client.auth.linkIdentity({
      provider: "google",
      options: { redirectTo: redirectUrl("/callback?next=%2Fprofile%2Fupdate") },
    });
    if (error) {
      setBusy(null);
      setFailure(t(`errors.${linkErrorKey(error.code)}`));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground">{t("identities.intro")}</p>
      <FormAlert message={failure} />
      {identities.length === 0 ? (
        <p className="text-sm">{t("identities.none")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-card border border-border">
          {identities.map((identity) => {
            const method = label(identity.provider);
            const extra = detail(identity);
            return (
              <li
                key={identity.identity_id}
                className="flex flex-wrap items-center justify-between gap-3 p-3"
              >
                <div className="min-w-0">
                  <p className="font-medium">{method}</p>
                  {extra ? (
                    <p className="text-sm break-all text-muted-foreground">{extra}</p>
                  ) : null}
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  aria-label={t("identities.unlinkLabel", { method: extra ?? method })}
                  onClick={() => unlink(identity)}
                >
                  {busy === identity.identity_id
                    ? t("identities.unlinking")
                    : t("identities.unlink")}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button type="button" variant="outline" disabled={busy !== null} onClick={linkGoogle}>
          {busy === "google" ? t("identities.linking") : t("identities.linkGoogle")}
        </Button>
      </div>
    </div>
  );
}
