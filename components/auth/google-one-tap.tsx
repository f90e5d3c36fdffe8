"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { toast } from "@/components/ui/toast-store";
import type { AuthClientConfig } from "@/lib/auth/client/auth-options";
import { getBrowserAuthClient } from "@/lib/auth/client/browser-client";
import { createNonce, landingAfterGoogle, loadGoogleIdentity } from "./google-identity";
import { landingAfterSignIn } from "@/lib/auth/client/step-up";

/**
 * The Google one-tap prompt (GIS) for visitors without a session. Loaded lazily by
 * GoogleOneTapMount; renders nothing itself. The id token goes to signInWithIdToken with a
 * nonce; on success the page reloads (or goes to its `redirect` query) so that the server
 * and the guard see the user and send one without a profile to /profile/create. If GIS
 * cannot load, the visitor never asked for it: nothing is shown.
 */
export default function GoogleOneTap({
  config,
  clientId,
}: {
  config: AuthClientConfig;
  clientId: string;
}) {
  // The shell's catalogue (ui), not auth's: the prompt shows on public pages, which carry only
  // the shell's messages (components/layout/client-messages.ts).
  const t = useTranslations("ui.account");
  // A string: the effect does not re-run (and re-prompt) when `t` changes identity.
  const failedTitle = t("googleFailed");

  useEffect(() => {
    let cancelled = false;
    let cancelPrompt: (() => void) | null = null;
    const start = async () => {
      const client = getBrowserAuthClient(config);
      const { data } = await client.auth.getSession();
      if (cancelled || data.session) return;
      let google;
      try {
        google = await loadGoogleIdentity();
      } catch (error) {
        console.info("Google one-tap skipped:", (error as Error).message);
        return;
      }
      if (cancelled) return;
      const nonce = await createNonce();
      google.initialize({
        client_id: clientId,
        nonce: nonce.hashed,
        use_fedcm_for_prompt: true,
        cancel_on_tap_outside: true,
        itp_support: true,
        context: "signin",
        callback: async ({ credential }) => {
          if (!credential) return;
          const { error } = await client.auth.signInWithIdToken({
            provider: "google",
            token: credential,
            nonce: nonce.raw,
          });
          if (error) {
            toast({ title: failedTitle, variant: "danger" });
            return;
          }
          const landing = landingAfterGoogle(window.location.search);
          const here = `${window.location.pathname}${window.location.search}`;
          const next = await landingAfterSignIn(client, landing ?? here);
          if (next !== here) window.location.assign(next);
          else window.location.reload();
        },
      });
      google.prompt();
      cancelPrompt = () => google.cancel();
    };
    void start();
    return () => {
      cancelled = true;
      cancelPrompt?.();
    };
  }, [config, clientId, failedTitle]);

  return null;
}
