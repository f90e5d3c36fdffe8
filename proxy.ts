import { NextResponse, type NextRequest } from "next/server";
import { authGuard } from "@/lib/auth/guard/auth-proxy";
import { isLocalisedPage, LOCALE_HEADER, localeRewrite } from "@/lib/i18n/locale-rewrite";
import { protocolRedirect } from "@/lib/routes/protocol-proxy";
import { cachedPage } from "@/lib/routes/cached-pages";
import { logUnmatchedRoute } from "@/lib/routes/unmatched-route";
import { contentSecurityPolicy, createNonce } from "@/lib/security/content-security-policy";
import { PENDING_SCRIPT_HASHES } from "@/lib/security/pending-script-hashes";
import {
  actionRequestRefusal,
  hasMalformedEscape,
  refusalResponse,
} from "@/lib/security/request-refusals";
import { staticPageHashes } from "@/lib/security/static-page-hashes";

/**
 * Runs before every page request. A small composition of steps, each in lib/: the first
 * that answers wins, otherwise the request goes on. Malformed URLs and server-action bodies
 * are refused first (lib/security). Unknown pages are logged (spec §8,
 * lib/routes/unmatched-route.ts). After the protocol redirect, the session is refreshed and
 * the route guard of spec §4 applies (lib/auth/guard); a page request that goes on is
 * rewritten to its locale's page under app/[locale] (lib/i18n/locale-rewrite.ts), which is
 * prerendered when it is public (docs/architecture.md, "Public pages are cached").
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  const localised = isLocalisedPage(pathname);
  const target = localised
    ? localeRewrite(pathname, request.cookies, request.headers.get("accept-language"))
    : null;
  // A page cached at run time is served by its cached route (lib/routes/cached-pages.ts).
  const cached = target ? cachedPage(pathname, request.nextUrl.searchParams) : null;
  if (target && cached) target.pathname = `/${target.locale}${cached.pathname}`;
  // A prerendered page has fixed HTML: its inline scripts are allowed by their hashes, from
  // the build for pages prerendered then, from the body itself for pages cached at run time
  // (lib/security/response-script-hashes.ts fills them in). Any other answer gets a fresh
  // nonce, which Next reads from the request's copy of the policy for its own scripts
  // (lib/security/content-security-policy.ts).
  const hashes =
    cached && !("refused" in cached)
      ? [PENDING_SCRIPT_HASHES]
      : target
        ? staticPageHashes(target.pathname)
        : undefined;
  const policy = hashes
    ? contentSecurityPolicy(null, hashes)
    : contentSecurityPolicy(createNonce());
  if (!hashes) request.headers.set("content-security-policy", policy);
  if (target) request.headers.set(LOCALE_HEADER, target.locale);
  // The rewrite keeps Next's own idea of the origin (nextUrl): a URL on another host or port
  // than the one Next sees would be proxied over HTTP back into this server, and rewritten
  // again (a loop).
  const rewritten = request.nextUrl.clone();
  if (target) rewritten.pathname = target.pathname;
  const pass = target
    ? (forwarded: NextRequest) => NextResponse.rewrite(rewritten, { request: forwarded })
    : undefined;
  const response = await respond(request, pass);
  response.headers.set("content-security-policy", policy);
  // The same URL serves each locale's page: shared caches must keep them apart.
  if (target) response.headers.append("vary", "Cookie, Accept-Language");
  return response;
}

async function respond(
  request: NextRequest,
  pass: ((request: NextRequest) => NextResponse) | undefined,
): Promise<NextResponse> {
  // Requests Next would answer with a 500 (lib/security/request-refusals.ts).
  const { pathname } = request.nextUrl;
  if (hasMalformedEscape(pathname)) return refusalResponse(request, 400);
  const refusal = await actionRequestRefusal(request, pathname);
  if (refusal) return refusalResponse(request, refusal);
  logUnmatchedRoute(request);
  return protocolRedirect(request) ?? (await authGuard(request, pass));
}

export const config = {
  // Everything but build assets and static files served from public/, and the storage
  // upload/download routes (they check the session themselves; the proxy would buffer and cut
  // request bodies above its 10 MB limit, below MAX_UPLOAD_BYTES), the payment webhook (no
  // session: its signature authenticates it, and its raw body must reach it untouched), and
  // the bench's minimal page.
  matcher: [
    "/((?!_next/static|_next/image|favicon\\.ico|service-worker\\.js|builds/|dev/minimal$|api/payments/webhook$|api/organisations/[^/]+/files(?:/|$)|.*\\.(?:png|jpe?g|gif|svg|webp|avif|ico|webmanifest|woff2?)$).*)",
    // …and any path with a broken percent-escape, which Next itself would answer with a 500.
    "/(.*%(?![0-9A-Fa-f]{2}).*)",
  ],
};
