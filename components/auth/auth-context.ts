"use client";

import type { Session, User } from "@supabase/supabase-js";
import type { BrowserAuthClient } from "@/lib/auth/client/browser-client";
import { createContext, useContext } from "react";
import type { Profile } from "@/lib/profile/profile-schema";

export type ProfileState =
  { status: "loading" } | { status: "ready"; profile: Profile | null } | { status: "error" };

export type AuthState = {
  /**
   * The auth client, loaded after the page (lib/auth/client/load-browser-client.ts): call it
   * where the client is used, `const client = await authClient()`.
   */
  authClient: () => Promise<BrowserAuthClient>;
  /** Null until the initial session event; then the session or "none". */
  session: Session | null | undefined;
  user: User | null;
  profile: ProfileState;
  reloadProfile: () => Promise<void>;
  /**
   * The absolute URL for `redirectTo` / `emailRedirectTo` of a path of this site: on the
   * page's origin when the auth service accepts it, else on SITE_URL (auth-options.ts).
   */
  redirectUrl: (path: string) => string;
};

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth needs <AuthProvider>");
  return context;
}
