import type { BrowserAuthClient } from "./browser-client";
import { withRedirect } from "@/lib/auth/guard/redirect-target";

/**
 * Where a fresh sign-in goes. A user with a verified factor must complete the code step
 * first (Supabase's pattern: nextLevel aal2 above currentLevel aal1): /login shows it for a
 * signed-in aal1 user and then goes on to the target. Every sign-in method lands through
 * this (password and code on /login itself, Google, one-tap, Solana, the /callback exchange).
 * The level comes from the session already held: no request.
 */
export async function landingAfterSignIn(
  client: BrowserAuthClient,
  target: string,
): Promise<string> {
  const { data } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  if (data?.nextLevel === "aal2" && data.currentLevel !== "aal2") {
    return withRedirect("/login", target);
  }
  return target;
}
