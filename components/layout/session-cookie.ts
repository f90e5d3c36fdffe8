/**
 * Whether this browser holds a session, read from the presence of the auth cookie only (no
 * request, no auth client): the top bar's "Sign in" link or account menu follow it. The
 * server renders both for everyone (public pages carry no per-user HTML); an attribute on
 * <html> shows one of them, set before the first paint by `sessionInitScript` and kept up
 * to date by `syncSessionAttribute()` (top-bar-account.tsx).
 *
 * The cookie is @supabase/ssr's `sb-<project>-auth-token` (or its first chunk `….0`) whatever
 * the project, so the pattern needs no setting; the PKCE `…-auth-token-code-verifier` cookie
 * does not count.
 */
export const sessionHtmlAttribute = "data-session";

const sessionCookieSource = String.raw`(?:^|;\s*)sb-[^=;\s]+-auth-token(?:\.0)?=[^;]`;

/** True when `cookieHeader` (document.cookie) holds a session cookie with a value. */
export function hasSessionCookie(cookieHeader: string): boolean {
  return new RegExp(sessionCookieSource).test(cookieHeader);
}

/** True for the name of a session cookie or one of its chunks (`….1`, `….2`, …). */
export function isSessionCookieName(name: string): boolean {
  return /^sb-[^=;\s]+-auth-token(?:\.\d+)?$/.test(name);
}

/** Mirrors the cookie on <html data-session="in">; returns whether it is there. */
export function syncSessionAttribute(): boolean {
  const signedIn = hasSessionCookie(document.cookie);
  if (signedIn) document.documentElement.setAttribute(sessionHtmlAttribute, "in");
  else document.documentElement.removeAttribute(sessionHtmlAttribute);
  return signedIn;
}

/** Inline script run before the first paint (default layout), so nothing jumps. */
export const sessionInitScript = `try{if(new RegExp(${JSON.stringify(
  sessionCookieSource,
)}).test(document.cookie))document.documentElement.setAttribute(${JSON.stringify(
  sessionHtmlAttribute,
)},"in")}catch(e){}`;
