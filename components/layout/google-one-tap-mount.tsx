"use client";

import { type ComponentType, useContext, useEffect, useMemo, useState } from "react";
import { AppDataContext } from "@/components/app-data/app-data-context";
import { type AuthClientConfig, environmentAuthConfig } from "@/lib/auth/client/auth-options";
import { usePublicPathname } from "@/lib/i18n/use-public-pathname";

type OneTapProps = { config: AuthClientConfig; clientId: string };

/** Pages where the prompt never shows (/login has its own Google button; /callback signs in). */
const NO_PROMPT = new Set(["/login", "/callback"]);

function hasSessionCookie(name: string): boolean {
  return document.cookie
    .split(/;\s*/)
    .some((entry) => entry.startsWith(`${name}=`) || entry.startsWith(`${name}.0=`));
}

/**
 * Mounts the Google one-tap prompt for unknown visitors only: not on /login, not when a
 * session cookie exists, not without a Google client id. Its code (GIS loader, the auth
 * client) is imported after the browser is idle, so it adds nothing to first-load JS.
 */
export function GoogleOneTapMount() {
  const pathname = usePublicPathname();
  const environment = useContext(AppDataContext)?.environment.data ?? null;
  const auth = environment?.auth ?? null;
  const clientId = auth?.googleClientId ?? null;
  const wanted = !!auth && !!clientId && !NO_PROMPT.has(pathname);
  const [OneTap, setOneTap] = useState<ComponentType<OneTapProps> | null>(null);
  const siteUrl = environment?.siteUrl ?? null;
  // The built-in service is called on this page's origin; the cookie name is the site's.
  const config = useMemo(
    () => (auth && siteUrl ? environmentAuthConfig(auth, siteUrl) : null),
    [auth, siteUrl],
  );
  const cookieName = config?.cookieName ?? null;

  useEffect(() => {
    if (!wanted || OneTap || !cookieName || hasSessionCookie(cookieName)) return;
    let cancelled = false;
    const load = () => {
      void import("@/components/auth/google-one-tap").then((module) => {
        if (!cancelled) setOneTap(() => module.default);
      });
    };
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(load, { timeout: 4000 })
      : window.setTimeout(load, 2000);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [wanted, OneTap, cookieName]);

  if (!wanted || !OneTap || !config || !clientId) return null;
  return <OneTap config={config} clientId={clientId} />;
}
