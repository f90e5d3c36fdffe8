"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import type { AuthClientConfig } from "@/lib/auth/client/auth-options";

/**
 * The back office's session events, without the auth client in its first-load JavaScript:
 * after the first paint the browser auth client is loaded as its own chunk. It refreshes the
 * session's cookies before they expire (auth-js's tick; the proxy refreshes them too on the
 * next request) and, when the user changes — signed out here or in another tab, a refresh
 * that failed for good, another account signed in — refreshes the server-rendered page, so
 * the guard sees the new state (what AuthProvider does on the sign-in and profile pages; no
 * back-office component reads its context, so it is not mounted here).
 */
export function SessionEvents({ config }: { config: AuthClientConfig }) {
  const router = useRouter();
  useEffect(() => {
    let stopped = false;
    let unsubscribe: (() => void) | undefined;
    void import("@/lib/auth/client/browser-client").then(({ getBrowserAuthClient }) => {
      if (stopped) return;
      let userId: string | null | undefined;
      const { data } = getBrowserAuthClient(config).auth.onAuthStateChange((_event, session) => {
        const next = session?.user.id ?? null;
        if (userId !== undefined && userId !== next) router.refresh();
        userId = next;
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [config, router]);
  return null;
}
