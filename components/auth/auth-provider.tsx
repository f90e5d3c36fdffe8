"use client";

import type { Session } from "@supabase/supabase-js";
import { useRouter } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { claimGuestCartsAction } from "@/app/[locale]/(public)/commerce/cart/actions";
import { FetchJsonError, fetchJsonWithRetry } from "@/lib/app-data/fetch-with-retry";
import { authRedirectUrl, type AuthClientConfig } from "@/lib/auth/client/auth-options";
import { CART_CHANGED_EVENT } from "@/lib/cart/cart-cookie";
import { trackGuestClaim } from "@/lib/cart/guest-claim";
import { loadBrowserAuthClient } from "@/lib/auth/client/load-browser-client";
import type { Profile } from "@/lib/profile/profile-schema";
import { AuthContext, type AuthState, type ProfileState } from "./auth-context";

/** The profile, or null (none yet, or no session: 401). Failed fetches retry up to 3 times. */
async function fetchProfile(): Promise<Profile | null> {
  try {
    return (await fetchJsonWithRetry("/api/profile/me")) as Profile | null;
  } catch (error) {
    if (error instanceof FetchJsonError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Session events drive the UI (spec §4): the provider subscribes to onAuthStateChange,
 * keeps the session and user, clears the profile on sign-out and reloads it whenever the
 * user id changes. Signing in or out elsewhere (another tab, a failed refresh) refreshes
 * the server-rendered page so that the guard sees the new state.
 */
export function AuthProvider({
  config,
  children,
}: {
  config: AuthClientConfig;
  children: ReactNode;
}) {
  const router = useRouter();
  // One function for the provider's life: the client is the page's one instance anyway (the
  // first settings win, as with @supabase/ssr's singleton), and effects that use it must not
  // run again when a refresh hands the provider equal settings in a new object.
  const [authClient] = useState(() => () => loadBrowserAuthClient(config));
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [loaded, setLoaded] = useState<{ userId: string; state: ProfileState } | null>(null);
  const userId = session?.user.id ?? null;
  const lastUserId = useRef<string | null | undefined>(undefined);
  const lastSession = useRef<Session | null>(null);

  // The client loads after hydration; its first event (INITIAL_SESSION) ends "loading".
  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    void authClient().then((client) => {
      if (cancelled) return;
      const { data } = client.auth.onAuthStateChange((event, next) => {
        setSession(next);
        const nextId = next?.user.id ?? null;
        const changed = lastUserId.current !== undefined && lastUserId.current !== nextId;
        lastUserId.current = nextId;
        const previous = lastSession.current;
        lastSession.current = next;
        if (event === "SIGNED_OUT") setLoaded(null);
        // A guest who signs in or registers brings their carts (lib/cart/claim.ts): the
        // guest session's token, held until now, proves whose carts they are.
        if (previous?.user.is_anonymous && next && !next.user.is_anonymous && changed) {
          trackGuestClaim(
            claimGuestCartsAction(previous.access_token).then((count) => {
              if (count !== null) window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT));
            }),
          );
        }
        if (changed) router.refresh();
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [authClient, router]);

  const reloadProfile = useCallback(async () => {
    if (!userId) return;
    try {
      setLoaded({ userId, state: { status: "ready", profile: await fetchProfile() } });
    } catch {
      setLoaded({ userId, state: { status: "error" } });
    }
  }, [userId]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    fetchProfile().then(
      (profile) => !cancelled && setLoaded({ userId, state: { status: "ready", profile } }),
      () => !cancelled && setLoaded({ userId, state: { status: "error" } }),
    );
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const redirectUrl = useCallback(
    (path: string) => authRedirectUrl(config, window.location.origin, path),
    [config],
  );

  // Derived, never stale: another user's profile is never shown while the new one loads.
  const value = useMemo<AuthState>(() => {
    const profile: ProfileState =
      session === undefined
        ? { status: "loading" }
        : !userId
          ? { status: "ready", profile: null }
          : loaded?.userId === userId
            ? loaded.state
            : { status: "loading" };
    return {
      authClient,
      session,
      user: session?.user ?? null,
      profile,
      reloadProfile,
      redirectUrl,
    };
  }, [authClient, session, userId, loaded, reloadProfile, redirectUrl]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
