"use client";

import type { Session, SupabaseClient, User } from "@supabase/supabase-js";
import { createContext, useContext } from "react";
import type { Profile } from "@/lib/profile/profile-schema";

export type ProfileState =
  { status: "loading" } | { status: "ready"; profile: Profile | null } | { status: "error" };

export type AuthState = {
  client: SupabaseClient;
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
