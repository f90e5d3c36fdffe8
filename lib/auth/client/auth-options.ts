import type { CookieOptionsWithName } from "@supabase/ssr";

/**
 * Settings shared by the browser and the server clients, so that both read and write the
 * same cookies (shared/design/auth-contract.md "Cookies"). The name is @supabase/ssr's
 * default, `sb-<first label of the host>-auth-token`, taken from SITE_URL (or the hosted
 * project's URL) and never from the origin a page was opened on, so it is the same cookie
 * whether the site is reached as localhost, 127.0.0.1, a LAN address or through a proxy.
 * Values are `base64-` + base64url JSON, chunked above 3180 characters (the library's
 * defaults).
 */
export const SESSION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/**
 * What the browser's supabase-js client needs (handed over by the server, see
 * lib/auth/server/browser-config.ts):
 * - `url`: a hosted project's URL; null for the built-in service, which the browser then
 *   reaches on the page's own origin (`<page origin>/auth/v1`), whatever SITE_URL says;
 * - `anonKey`: public by design;
 * - `cookieName`: the session cookie (from SITE_URL or the hosted project);
 * - `siteOrigin`: SITE_URL's origin, where email links and provider redirects return when the
 *   page's origin is not one the auth service accepts;
 * - `redirectOrigin`: the page's origin as the server saw the request, when the auth
 *   service accepts `redirect_to` there (SITE_URL's origin or AUTH_REDIRECT_ALLOW_LIST),
 *   else null.
 */
export type AuthClientConfig = {
  url: string | null;
  anonKey: string;
  cookieName: string;
  siteOrigin: string;
  redirectOrigin: string | null;
};

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

/**
 * Whether cookies get `Secure`. Pages served over https do; so does SITE_URL's own host when
 * SITE_URL is https (a TLS proxy that does not send x-forwarded-proto). A plain-http page
 * (localhost, 127.0.0.1, a LAN address, an http SITE_URL) does not: browsers refuse a Secure
 * cookie set from an insecure origin (localhost aside), so it would sign nobody in.
 * `page` is the origin the browser used (`protocol` with its colon, `host` with the port).
 */
export function secureCookies(
  siteUrl: string,
  page: { protocol: string; host: string } | null,
): boolean {
  const site = new URL(siteUrl);
  if (!page) return site.protocol === "https:";
  if (page.protocol === "https:") return true;
  return site.protocol === "https:" && page.host === site.host && !isLocalHost(site.hostname);
}

/** Path /, SameSite lax, 400 days; the name and `secure` as decided above. */
export function authCookieOptions(cookieName: string, secure: boolean): CookieOptionsWithName {
  return {
    name: cookieName,
    path: "/",
    sameSite: "lax",
    maxAge: SESSION_MAX_AGE_SECONDS,
    secure,
  };
}

/**
 * The origin email links and provider redirects should return to, seen from a page on
 * `pageOrigin`: that page's origin when the server found the auth service accepts it, else
 * SITE_URL's (a link that returns elsewhere than where the flow began cannot find its PKCE
 * verifier cookie, and then says to open it in the browser that asked; that beats the
 * service's fallback to the home page, which loses the flow altogether).
 */
export function redirectOrigin(config: AuthClientConfig, pageOrigin: string): string {
  return config.redirectOrigin === pageOrigin ? pageOrigin : config.siteOrigin;
}

/** `redirectTo` / `emailRedirectTo` for a path of this site (`/callback?next=…`). */
export function authRedirectUrl(config: AuthClientConfig, pageOrigin: string, path: string) {
  return `${redirectOrigin(config, pageOrigin)}${path}`;
}

/** `/callback?next=<target>`: where sign-in links and providers return. */
export function callbackPath(target: string): string {
  return `/callback?next=${encodeURIComponent(target)}`;
}

/**
 * The browser client's settings from `/api/environment`'s `auth` (the one-tap prompt, which
 * runs on pages without AuthBoundary): the built-in service (`sameOrigin`) on the page's own
 * origin, a hosted project at its URL; the cookie name the server gave. It makes no
 * redirects, so `redirectOrigin` is not needed.
 */
export function environmentAuthConfig(
  auth: { url: string; anonKey: string; cookieName?: string; sameOrigin?: boolean },
  siteUrl: string,
): AuthClientConfig {
  return {
    url: auth.sameOrigin ? null : projectUrl(auth.url),
    anonKey: auth.anonKey,
    cookieName: auth.cookieName ?? sessionCookieName(auth.url),
    siteOrigin: new URL(siteUrl).origin,
    redirectOrigin: null,
  };
}
