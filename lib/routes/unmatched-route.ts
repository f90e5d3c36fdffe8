import { matchRoute } from "./manifest";

/**
 * Spec §8: "Page Not Found: {path}" is logged for unmatched routes. Unknown URLs have no page
 * of their own (Next answers them with `/_not-found`, app/not-found.tsx, rendered on the
 * server: a `notFound()` from a catch-all page would only be drawn by the browser), so the
 * proxy logs them: the paths that only the manifest's catch-all matches. Route handlers
 * (`/api`, `/auth/v1`), build files and file-like paths (`/robots.txt`, `/x.png`) are not
 * pages and are left out, and so are router prefetches (nobody asked for the page yet).
 */
export function unmatchedRouteMessage(pathname: string, prefetch = false): string | null {
  if (prefetch) return null;
  if (/^\/(?:api|_next|builds)(?:\/|$)|^\/auth\/v1(?:\/|$)/.test(pathname)) return null;
  const last = pathname.split("/").pop() ?? "";
  if (last.includes(".")) return null;
  const match = matchRoute(pathname);
  if (match && match.route.pattern !== "/[...catchAll]") return null;
  return `Page Not Found: ${pathname}`;
}

/** The proxy step: logs an unmatched page request (server log, `console.warn`). */
export function logUnmatchedRoute(request: {
  nextUrl: { pathname: string };
  headers: Headers;
}): void {
  const message = unmatchedRouteMessage(
    request.nextUrl.pathname,
    request.headers.get("next-router-prefetch") !== null,
  );
  if (message) console.warn(message);
}
