import "server-only";
import { AuthError, forbidden } from "@/lib/auth/service/errors";
import { verifyAccessToken } from "@/lib/auth/service/tokens";

/** The roles GoTrue treats as admin (its default JWT admin roles). */
const ADMIN_ROLES = new Set(["service_role", "supabase_admin"]);

/**
 * The Bearer check of /admin/*: a token signed by this service whose role is an admin role
 * (the service_role API key). Missing → 401 no_authorization; bad → 403 bad_jwt; any other
 * role (anon key, a user's token) → 403 not_admin.
 */
export async function requireAdmin(request: Request): Promise<void> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) {
    throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  }
  const claims = await verifyAccessToken(match[1]);
  if (typeof claims.role !== "string" || !ADMIN_ROLES.has(claims.role)) {
    throw forbidden("not_admin", "User not allowed");
  }
}

const UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** A Go duration ("24h", "1h30m", "90s") in milliseconds; undefined when not one. */
export function parseGoDuration(text: string): number | undefined {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(text)) return undefined;
  let total = 0;
  for (const part of text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(part[1]) * (UNITS[part[2] ?? ""] ?? 0);
  }
  return total;
}
