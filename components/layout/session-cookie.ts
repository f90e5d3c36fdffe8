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

const sessionCookieSource = String.raw`(?:^|;\s*)sb-[^=;\s]+-auth-token(?:\.0)?=([^;]+)`;
const guestMark = String.raw`"is_anonymous":\s*true`;

/** True when `cookieHeader` (document.cookie) holds a session cookie with a value. */
export function hasSessionCookie(cookieHeader: string): boolean {
  return new RegExp(sessionCookieSource).test(cookieHeader);
}

/**
 * "in" for a session, "guest" for an anonymous one (a guest's cart: issue 12), null for none.
 * The guest mark is read from the cookie's own session (the user's `is_anonymous`), which
 * @supabase/ssr stores as `base64-` + base64url JSON (or, before, URI-encoded JSON); a guest's
 * session is small enough to sit in the first chunk. An unreadable value counts as "in".
 */
export function sessionKind(cookieHeader: string): "in" | "guest" | null {
  const match = new RegExp(sessionCookieSource).exec(cookieHeader);
  if (!match?.[1]) return null;
  let value = match[1];
  try {
    if (value.startsWith("base64-")) {
      value = value.slice(7).replace(/-/g, "+").replace(/_/g, "/");
      value = atob(value.slice(0, value.length - (value.length % 4)));
    } else value = decodeURIComponent(value);
  } catch {
    return "in";
  }
  return new RegExp(guestMark).test(value) ? "guest" : "in";
}

/** True for the name of a session cookie or one of its chunks (`….1`, `….2`, …). */
export function isSessionCookieName(name: string): boolean {
  return /^sb-[^=;\s]+-auth-token(?:\.\d+)?$/.test(name);
}

/** Mirrors the cookie on <html data-session="in|guest">; returns whether there is a session. */
export function syncSessionAttribute(): boolean {
  const kind = sessionKind(document.cookie);
  if (kind) document.documentElement.setAttribute(sessionHtmlAttribute, kind);
  else document.documentElement.removeAttribute(sessionHtmlAttribute);
  return kind !== null;
}

/**
 * Inline script run before the first paint (default layout), so nothing jumps: the same rule
 * as `sessionKind` (session-cookie.test.ts runs both on the same cookies). Its variables stay
 * in a function: a global `k` once replaced the theme script's (theme-store.ts) and undid
 * every theme change.
 */
export const sessionInitScript = `(function(){try{var m=new RegExp(${JSON.stringify(
  sessionCookieSource,
)}).exec(document.cookie),k=null;if(m){k="in";try{var v=m[1];if(v.indexOf("base64-")===0){v=v.slice(7).replace(/-/g,"+").replace(/_/g,"/");v=atob(v.slice(0,v.length-v.length%4))}else v=decodeURIComponent(v);if(new RegExp(${JSON.stringify(
  guestMark,
)}).test(v))k="guest"}catch(e){}}if(k)document.documentElement.setAttribute(${JSON.stringify(
  sessionHtmlAttribute,
)},k)}catch(e){}})()`;
