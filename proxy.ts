import { NextResponse, type NextRequest } from "next/server";
import { protocolRedirect } from "@/lib/routes/protocol-proxy";

/**
 * Runs before every page request. A small composition of steps, each in lib/: the first
 * that answers wins, otherwise the request goes on.
 */
export function proxy(request: NextRequest): NextResponse {
  return protocolRedirect(request) ?? NextResponse.next();
}

export const config = {
  // Everything but build assets and static files served from public/.
  matcher: [
    "/((?!_next/static|_next/image|favicon\\.ico|service-worker\\.js|builds/|.*\\.(?:png|jpe?g|gif|svg|webp|avif|ico|webmanifest|woff2?)$).*)",
  ],
};
