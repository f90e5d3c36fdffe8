import "server-only";
import { AuthError, forbidden } from "@/lib/auth/service/errors";
import { findSession, type SessionRow } from "@/lib/auth/service/sessions";
import { verifyAccessToken } from "@/lib/auth/service/tokens";
import { findUserById, type UserRow } from "@/lib/auth/service/users";
import type { Tx } from "@/lib/db/context";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The Bearer checks of endpoints that act for a user: missing → 401 no_authorization; bad
 * signature, algorithm, kid or expiry → 403 bad_jwt; session gone (signed out) → 403
 * session_not_found; user gone → 403 user_not_found.
 */

export interface VerifiedBearer {
  sub: string;
  sessionId: string;
}

/** Verifies the Authorization header's token (no database access: call before a transaction). */
export async function verifyBearer(request: Request): Promise<VerifiedBearer> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) {
    throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  }
  const claims = await verifyAccessToken(match[1]);
  if (!isUuid(claims.sub)) {
    throw forbidden("bad_jwt", "invalid claim: missing sub claim");
  }
  if (!isUuid(claims.session_id)) {
    throw forbidden("bad_jwt", "invalid claim: missing session_id claim");
  }
  return { sub: claims.sub, sessionId: claims.session_id };
}

/** Loads the bearer's session and user inside the transaction. */
export async function loadBearer(
  tx: Tx,
  bearer: VerifiedBearer,
): Promise<{ user: UserRow; session: SessionRow }> {
  // Both reads go down together (one round trip); the session is checked first.
  const [session, user] = await Promise.all([
    findSession(tx, bearer.sessionId),
    findUserById(tx, bearer.sub),
  ]);
  if (!session || session.userId !== bearer.sub) {
    throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
  }
  if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  return { user, session };
}
