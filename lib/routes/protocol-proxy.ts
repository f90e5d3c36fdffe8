import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { PROTOCOL_PARAM, resolveProtocolRedirect } from "./protocol-redirect";

/**
 * The proxy step for the `protocol` query parameter: a 307 to the same-site path it names,
 * or null to let the request through unchanged.
 */
export function protocolRedirect(request: NextRequest): NextResponse | null {
  const value = request.nextUrl.searchParams.get(PROTOCOL_PARAM);
  if (value === null) return null;
  const target = resolveProtocolRedirect(value, [env().SITE_URL, request.nextUrl.origin]);
  if (target === null) return null;
  return NextResponse.redirect(new URL(target, request.nextUrl.origin), 307);
}
