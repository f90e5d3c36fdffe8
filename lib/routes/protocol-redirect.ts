/**
 * The `protocol` query parameter (spec §2): a value made of the app's own address followed by
 * a path sends the visitor to that path. Installed apps register `web+livemarket://` as a
 * protocol handler, so the browser opens `/?protocol=web%2Blivemarket%3A%2F%2Fdocs%2Fx`;
 * links may also carry the site's own origin (`https://site/docs/x`).
 *
 * Only ever a path on this site comes out: anything that could leave the site (another host,
 * `//host`, backslashes, `javascript:`, control characters) gives `null`, and the page is then
 * served as usual. Pure so that it can be tested exhaustively.
 */

export const PROTOCOL_PARAM = "protocol";
export const APP_SCHEME = "web+livemarket://";

/** Longest value considered; longer ones are not redirected. */
const MAX_LENGTH = 2048;
/** A base that can never be a real host: used to let the URL parser normalise a path. */
const PROBE_ORIGIN = "http://protocol-redirect.invalid";

const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\s]/;

/**
 * The same-site path a `protocol` value points at, or `null` when it must not redirect.
 * `origins` are the site's own origins (SITE_URL and the request's origin).
 */
export function resolveProtocolRedirect(
  value: string | null | undefined,
  origins: readonly string[],
): string | null {
  if (!value || value.length > MAX_LENGTH || UNSAFE_CHARACTERS.test(value)) return null;
  const rest = stripAddress(value, origins);
  if (rest === null) return null;
  return toSafePath(rest);
}

/** What follows the app's address in `value` (without a leading slash), or null. */
function stripAddress(value: string, origins: readonly string[]): string | null {
  if (value.toLowerCase().startsWith(APP_SCHEME)) {
    const rest = value.slice(APP_SCHEME.length);
    // `web+livemarket:////host` or `web+livemarket://\host` would become `//host`.
    if (rest.startsWith("/") || rest.startsWith("\\")) return null;
    return rest;
  }
  for (const origin of origins) {
    const own = parseOrigin(origin);
    if (!own) continue;
    const prefix = `${own}/`;
    if (value.toLowerCase() === own) return "";
    if (!value.toLowerCase().startsWith(prefix)) continue;
    const rest = value.slice(prefix.length);
    if (rest.startsWith("/") || rest.startsWith("\\")) return null;
    return rest;
  }
  return null;
}

function parseOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

/** `rest` as an absolute path of this site, normalised by the URL parser, or null. */
function toSafePath(rest: string): string | null {
  if (rest.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(`/${rest}`, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.username || url.password) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}
