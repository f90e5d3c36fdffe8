import { AuthClient, type GoTrueClient } from "@supabase/auth-js";
// @supabase/ssr's own cookie storage (chunking, `base64-` values), the one its
// createBrowserClient hands to supabase-js: the session cookies stay byte for byte those the
// proxy and the server clients read. The package has no exports map; the version is pinned.
import { createStorageFromOptions } from "@supabase/ssr/dist/module/cookies";
import { authCookieOptions, type AuthClientConfig } from "./auth-options";

/**
 * The browser's auth client: auth-js alone. The pages use only `client.auth`; supabase-js's
 * createClient would add the database, storage, realtime and functions clients, about
 * 32 kB gzipped of every sign-in, profile and back-office page (docs/bench.md "Sign-in and
 * profile, lighter"). Same calls as `SupabaseClient["auth"]`.
 */
export type BrowserAuthClient = { auth: GoTrueClient };

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

const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);

let browserClient: BrowserAuthClient | undefined;

/**
 * The browser's auth client, one per page (as @supabase/ssr's createBrowserClient keeps it),
 * configured as that function configures supabase-js's: PKCE, the cookie storage under the
 * name the server chose (not derived from the page's origin; `secure` follows the page's
 * protocol), the anon key as `apikey` and bearer, refresh and URL detection in the browser.
 * auth-js refreshes the session on a ~30 s tick when it is within 3 ticks of expiry, backs
 * off from 200 ms on retryable failures, pauses while the tab is hidden, and removes the
 * session when a refresh fails with a non-retryable error.
 */
export function getBrowserAuthClient(config: AuthClientConfig): BrowserAuthClient {
  const inBrowser = typeof window !== "undefined";
  if (inBrowser && browserClient) return browserClient;
  const secure = inBrowser && window.location.protocol === "https:";
  const { storage } = createStorageFromOptions(
    {
      cookieEncoding: "base64url",
      cookieOptions: authCookieOptions(config.cookieName, secure),
    },
    false,
  );
  const client: BrowserAuthClient = {
    auth: new AuthClient({
      url: new URL("auth/v1", withSlash(browserProjectUrl(config))).href,
      headers: {
        Authorization: `Bearer ${config.anonKey}`,
        apikey: config.anonKey,
        "X-Client-Info": "live-market-auth-js",
      },
      storageKey: config.cookieName,
      storage,
      flowType: "pkce",
      autoRefreshToken: inBrowser,
      detectSessionInUrl: inBrowser,
      persistSession: true,
      // auth-js keeps its passkey API (signInWithPasskey, registerPasskey, auth.passkey.*)
      // behind this flag; the built-in service implements it (docs/auth.md "WebAuthn").
      experimental: { passkey: true },
    }),
  };
  if (inBrowser) browserClient = client;
  return client;
}
