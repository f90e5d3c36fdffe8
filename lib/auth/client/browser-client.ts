import { createBrowserClient } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { authCookieOptions, type AuthClientConfig } from "./auth-options";

/**
 * The browser's auth client (one per page: @supabase/ssr keeps a singleton in the browser).
 * auth-js refreshes the session on a ~30 s tick when it is within 3 ticks of expiry, backs
 * off from 200 ms on retryable failures, pauses while the tab is hidden, and removes the
 * session when a refresh fails with a non-retryable error. Sessions live in the cookies the
 * proxy reads.
 */
export function getBrowserAuthClient(config: AuthClientConfig): SupabaseClient {
  return createBrowserClient(config.url, config.anonKey, {
    cookieOptions: authCookieOptions(config.url),
  });
}
