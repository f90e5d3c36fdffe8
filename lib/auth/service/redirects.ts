import "server-only";
import { authConfig } from "@/lib/auth/service/config";

/**
 * `redirect_to` checks, as GoTrue's: the site's own origin is always allowed; other targets
 * must match an entry of AUTH_REDIRECT_ALLOW_LIST (compared without query and fragment).
 * In entries `**` matches anything and `*` anything but "." and "/" (one label of a host or
 * one path segment); an entry without wildcards matches exactly. Anything else (or
 * nothing) falls back to SITE_URL, so a link never sends anyone to another host.
 */
function globToRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] ?? "";
    if (char === "*") {
      if (pattern[i + 1] === "*") {
        source += ".*";
        i += 1;
      } else {
        source += "[^./]*";
      }
    } else {
      source += char.replace(/[.+?^${}()|[\]\\/-]/g, "\\$&");
    }
  }
  return new RegExp(`^${source}$`);
}

function withoutQuery(url: URL): string {
  return `${url.origin === "null" ? `${url.protocol}//${url.host}` : url.origin}${url.pathname}`;
}

export function isRedirectAllowed(target: string): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  const { siteOrigin, redirectAllowList } = authConfig();
  if ((url.protocol === "http:" || url.protocol === "https:") && url.origin === siteOrigin) {
    return !url.username && !url.password;
  }
  const bare = withoutQuery(url);
  return redirectAllowList.some((entry) => {
    const pattern = entry.replace(/\/$/, "");
    return globToRegExp(pattern).test(bare) || globToRegExp(pattern).test(bare.replace(/\/$/, ""));
  });
}

/** The redirect to use: `requested` when allowed, else SITE_URL. */
export function resolveRedirect(requested: string | null | undefined): string {
  if (requested && isRedirectAllowed(requested)) return requested;
  return `${authConfig().siteOrigin}/`;
}

/** redirect_to from the query string (auth-js) or the body (some clients). */
export function redirectParam(request: Request, body?: Record<string, unknown>): string | null {
  const fromQuery = new URL(request.url).searchParams.get("redirect_to");
  if (fromQuery) return fromQuery;
  const fromBody = body?.redirect_to;
  return typeof fromBody === "string" && fromBody ? fromBody : null;
}
