import { type NextRequest, type NextResponse } from "next/server";
import { authGuard } from "@/lib/auth/guard/auth-proxy";
import { protocolRedirect } from "@/lib/routes/protocol-proxy";
import { logUnmatchedRoute } from "@/lib/routes/unmatched-route";
import { contentSecurityPolicy, createNonce } from "@/lib/security/content-security-policy";
import {
  actionRequestRefusal,
  hasMalformedEscape,
  refusalResponse,
} from "@/lib/security/request-refusals";

/**
 * Runs before every page request. A small composition of steps, each in lib/: the first
 * that answers wins, otherwise the request goes on. Malformed URLs and server-action bodies
 * are refused first (lib/security). Unknown pages are logged (spec §8,
 * lib/routes/unmatched-route.ts). After the protocol redirect, the
 * session is refreshed and the route guard of spec §4 applies (lib/auth/guard).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  // Every answer carries the page policy; Next reads the nonce for its own scripts from the
  // request's copy (lib/security/content-security-policy.ts).
  const policy = contentSecurityPolicy(createNonce());
  const response = await respond(request, policy);
  response.headers.set("content-security-policy", policy);
  return response;
}

async function respond(request: NextRequest, policy: string): Promise<NextResponse> {
  // Requests Next would answer with a 500 (lib/security/request-refusals.ts).
  const { pathname } = request.nextUrl;
  if (hasMalformedEscape(pathname)) return refusalResponse(request, 400);
  const refusal = await actionRequestRefusal(request, pathname);
  if (refusal) return refusalResponse(request, refusal);
  logUnmatchedRoute(request);
  request.headers.set("content-security-policy", policy);
  return protocolRedirect(request) ?? (await authGuard(request));
}

export const config = {
  // Everything but build assets and static files served from public/, and the storage
  // upload/download routes (they check the session themselves; the proxy would buffer and cut
  // request bodies above its 10 MB limit, below MAX_UPLOAD_BYTES).
  matcher: [
    "/((?!_next/static|_next/image|favicon\\.ico|service-worker\\.js|builds/|api/organisations/[^/]+/files(?:/|$)|.*\\.(?:png|jpe?g|gif|svg|webp|avif|ico|webmanifest|woff2?)$).*)",
    // …and any path with a broken percent-escape, which Next itself would answer with a 500.
    "/(.*%(?![0-9A-Fa-f]{2}).*)",
  ],
};
