/**
 * The `redirect` query parameter of /login, /register and /profile/create: only a path of
 * this site may come out (no other host, `//host`, backslashes, schemes or control
 * characters); anything else is null and callers fall back to `/`. Pure, for tests.
 */
export const REDIRECT_PARAM = "redirect";

const PROBE_ORIGIN = "http://redirect-target.invalid";
const MAX_LENGTH = 2048;
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\s\\]/;

export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH || UNSAFE_CHARACTERS.test(value)) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.username || url.password) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  return path;
}

/** `/login?redirect=…` style link: `base` with the encoded target, or `base` alone. */
export function withRedirect(base: string, target: string | null): string {
  return target ? `${base}?${REDIRECT_PARAM}=${encodeURIComponent(target)}` : base;
}
