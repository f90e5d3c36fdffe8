import { createBrowserClient } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { authCookieOptions, type AuthClientConfig } from "./auth-options";

/**
 * The project URL the browser talks to: a hosted project's, or else the page's own origin
 * (the built-in service answers /auth/v1 on every origin the site is reached by, so sign-in
 * works on 127.0.0.1, a LAN address or behind a proxy without CORS). While rendering on the
 * server there is no page: SITE_URL's origin stands in (that client makes no request).
 */
export function browserProjectUrl(config: AuthClientConfig): string {
  if (config.url) return config.url;
  return typeof window === "undefined" ? config.siteOrigin : window.location.origin;
}

/**
 * The browser's auth client (one per page: @supabase/ssr keeps a singleton in the browser).
 * auth-js refreshes the session on a ~30 s tick when it is within 3 ticks of expiry, backs
 * off from 200 ms on retryable failures, pauses while the tab is hidden, and removes the
 * session when a refresh fails with a non-retryable error. Sessions live in the cookies the
 * proxy reads, under the name the server chose (not derived from the page's origin);
 * `secure` follows the page's protocol.
 */
export function getBrowserAuthClient(config: AuthClientConfig): SupabaseClient {
  const secure = typeof window !== "undefined" && window.location.protocol === "https:";
  return createBrowserClient(browserProjectUrl(config), config.anonKey, {
    cookieOptions: authCookieOptions(config.cookieName, secure),
    // auth-js keeps its passkey API (signInWithPasskey, registerPasskey, auth.passkey.*)
    // behind this flag; the built-in service implements it (docs/auth.md "WebAuthn").
    auth: { experimental: { passkey: true } },
  });
}
