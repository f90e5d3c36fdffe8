import { type NextRequest, type NextResponse } from "next/server";
import { authGuard } from "@/lib/auth/guard/auth-proxy";
import { protocolRedirect } from "@/lib/routes/protocol-proxy";

/**
 * Runs before every page request. A small composition of steps, each in lib/: the first
 * that answers wins, otherwise the request goes on. After the protocol redirect, the
 * session is refreshed and the route guard of spec §4 applies (lib/auth/guard).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  return protocolRedirect(request) ?? (await authGuard(request));
}

export const config = {
  // Everything but build assets and static files served from public/, and the storage
  // upload/download routes (they check the session themselves; the proxy would buffer and cut
  // request bodies above its 10 MB limit, below MAX_UPLOAD_BYTES).
  matcher: [
    "/((?!_next/static|_next/image|favicon\\.ico|service-worker\\.js|builds/|api/organisations/[^/]+/files(?:/|$)|.*\\.(?:png|jpe?g|gif|svg|webp|avif|ico|webmanifest|woff2?)$).*)",
  ],
};
