import type { CookieOptionsWithName } from "@supabase/ssr";

/**
 * Settings shared by the browser and the server clients, so that both read and write the
 * same cookies (shared/design/auth-contract.md "Cookies"). The name is @supabase/ssr's
 * default, `sb-<first label of the host>-auth-token`; values are `base64-` + base64url JSON,
 * chunked above 3180 characters (the library's defaults).
 */
export const SESSION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** What supabase-js needs: the project URL (our origin; it adds /auth/v1) and the anon key. */
export type AuthClientConfig = { url: string; anonKey: string };

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** The auth service of a site: the app serves it itself at `<origin>/auth/v1`. */
export function authServiceUrl(siteUrl: string): string {
  return `${new URL(siteUrl).origin}/auth/v1`;
}

/** The supabase-js project URL of a site (its origin) or of an auth service URL. */
export function projectUrl(url: string): string {
  return new URL(url).origin;
}

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith(".localhost");
}

export function sessionCookieName(authUrl: string): string {
  return `sb-${new URL(authUrl).hostname.split(".")[0]}-auth-token`;
}

/** Path /, SameSite lax, 400 days, `secure` outside localhost. */
export function authCookieOptions(authUrl: string): CookieOptionsWithName {
  const { hostname } = new URL(authUrl);
  return {
    name: sessionCookieName(authUrl),
    path: "/",
    sameSite: "lax",
    maxAge: SESSION_MAX_AGE_SECONDS,
    secure: !isLocalHost(hostname),
  };
}
