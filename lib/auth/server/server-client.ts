import "server-only";
import { createServerClient, type CookieMethodsServer } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import {
  authCookieOptions,
  authServiceUrl,
  projectUrl,
  secureCookies,
  sessionCookieName,
} from "@/lib/auth/client/auth-options";
import { getApiKeys } from "@/lib/auth/service/keys";
import { env, hostedAuth } from "@/lib/env";
import { inProcessAuthFetch } from "./in-process-fetch";
import type { PageOrigin } from "./page-origin";

/**
 * supabase-js builds its realtime client eagerly and Node 20 has no global WebSocket. The
 * server never opens a channel: this transport refuses if anything tries.
 */
class NoServerRealtime {
  constructor() {
    throw new Error("Realtime is not available in server auth clients.");
  }
}

export type AuthClientSettings = { url: string; anonKey: string };

/**
 * The project URL (supabase-js appends /auth/v1) and the anon key (public by design: the
 * browser gets them too): the hosted project's when SUPABASE_URL is set, otherwise the
 * site's origin and the built-in service's key.
 */
export async function getAuthClientSettings(): Promise<AuthClientSettings> {
  const hosted = hostedAuth();
  if (hosted) return hosted;
  const { anonKey } = await getApiKeys();
  return { url: projectUrl(env().SITE_URL), anonKey };
}

/**
 * A per-request server client over the given cookie methods. With the built-in service it
 * serves its own /auth/v1 calls in-process; a hosted project is reached over HTTP. Never
 * share one between requests. The cookie name derives from the project URL (SITE_URL's
 * origin or the hosted project), never from `page`; `page` (the request's origin) decides
 * whether the cookies it writes are `Secure` (auth-options.ts `secureCookies`).
 */
export async function createAuthServerClient(
  cookies: CookieMethodsServer,
  forwardedFor: string | null,
  page: PageOrigin | null = null,
): Promise<SupabaseClient> {
  const { url, anonKey } = await getAuthClientSettings();
  return createServerClient(url, anonKey, {
    cookies,
    cookieOptions: authCookieOptions(sessionCookieName(url), secureCookies(env().SITE_URL, page)),
    global: hostedAuth() ? {} : { fetch: inProcessAuthFetch(authServiceUrl(url), forwardedFor) },
    realtime: { transport: NoServerRealtime as unknown as typeof WebSocket },
  });
}
