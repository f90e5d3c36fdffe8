import "server-only";
import { randomUUID } from "node:crypto";
import { isIP } from "node:net";
import { and, desc, eq, ne } from "drizzle-orm";
import { mfaAmrClaims, sessions, users } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { authConfig } from "@/lib/auth/service/config";
import { badRequest } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import {
  activeRefreshToken,
  deriveRefreshToken,
  findRefreshToken,
  hasChild,
  issueRefreshToken,
  revokeRefreshToken,
  revokeSessionTokens,
} from "@/lib/auth/service/refresh-tokens";
import { signAccessToken, type AmrEntry } from "@/lib/auth/service/tokens";
import {
  findUserById,
  isBanned,
  loadUserDto,
  type UserDto,
  type UserRow,
} from "@/lib/auth/service/users";
import type { Tx } from "@/lib/db/context";

/** Sessions, the token answer of /token and /signup, refresh rotation, sign-out. */
export type SessionRow = typeof sessions.$inferSelect;

/** Within this many seconds of its rotation a token still gets a new child (several tabs). */
export const REUSE_INTERVAL_SECONDS = 10;

export interface SessionResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserDto;
}

export const auditName = (user: UserRow) => user.email || user.phone || "";

async function amrOf(tx: Tx, sessionId: string): Promise<AmrEntry[]> {
  const rows = await tx
    .select()
    .from(mfaAmrClaims)
    .where(eq(mfaAmrClaims.sessionId, sessionId))
    .orderBy(desc(mfaAmrClaims.updatedAt));
  return rows.map((row) => ({
    method: row.authenticationMethod,
    timestamp: Math.floor(row.updatedAt.getTime() / 1000),
  }));
}

async function sessionResponse(
  tx: Tx,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionResponse> {
  const access = await signAccessToken({
    userId: user.id,
    email: user.email ?? "",
    phone: user.phone ?? "",
    appMetadata: user.rawAppMetaData ?? {},
    userMetadata: user.rawUserMetaData ?? {},
    role: user.role || "authenticated",
    aal: session.aal ?? "aal1",
    amr: await amrOf(tx, session.id),
    sessionId: session.id,
    isAnonymous: user.isAnonymous,
  });
  return {
    access_token: access.token,
    token_type: "bearer",
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: await loadUserDto(tx, user),
  };
}

/** Opens a session for a user who just proved `method` (password, otp, …). */
export async function createSession(
  tx: Tx,
  user: UserRow,
  method: string,
  info: RequestInfo,
): Promise<SessionResponse> {
  const now = new Date();
  const { timeboxSeconds } = authConfig();
  const [session] = await tx
    .insert(sessions)
    .values({
      id: randomUUID(),
      userId: user.id,
      createdAt: now,
      updatedAt: now,
      aal: "aal1",
      notAfter: timeboxSeconds ? new Date(now.getTime() + timeboxSeconds * 1000) : null,
      userAgent: info.userAgent,
      ip: isIP(info.ip) ? info.ip : null,
    })
    .returning();
  if (!session) throw new Error("Session insert returned no row.");
  await tx.insert(mfaAmrClaims).values({
    id: randomUUID(),
    sessionId: session.id,
    createdAt: now,
    updatedAt: now,
    authenticationMethod: method,
  });
  const [signedIn] = await tx
    .update(users)
    .set({ lastSignInAt: now, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  const refreshToken = await issueRefreshToken(tx, user.id, session.id, null);
  return sessionResponse(tx, signedIn ?? user, session, refreshToken);
}

const notFound = () =>
  badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");

function sessionExpired(session: SessionRow, now: Date): boolean {
  const { inactivityTimeoutSeconds } = authConfig();
  if (session.notAfter && session.notAfter <= now) return true;
  const lastActive = session.refreshedAt ?? session.createdAt ?? now;
  return (
    inactivityTimeoutSeconds > 0 &&
    lastActive.getTime() + inactivityTimeoutSeconds * 1000 <= now.getTime()
  );
}

export type RefreshOutcome = { kind: "session"; session: SessionResponse } | { kind: "reused" };

/**
 * Rotates a refresh token (GoTrue's rules): an active token is revoked and gets a child; a
 * revoked token that is the parent of the active one returns the active one again (the
 * client failed to save it); a rotated token within 10 s of its rotation gets another child
 * (tabs refreshing at once); any other revoked token is reuse: every token of the session is
 * revoked and the caller answers refresh_token_already_used (after committing).
 */
export async function refreshSession(
  tx: Tx,
  token: string,
  info: RequestInfo,
): Promise<RefreshOutcome> {
  const row = await findRefreshToken(tx, token);
  if (!row?.sessionId) throw notFound();
  const [session] = await tx
    .select()
    .from(sessions)
    .where(eq(sessions.id, row.sessionId))
    .for("update");
  if (!session) throw notFound();
  const user = await findUserById(tx, session.userId);
  if (!user) throw notFound();
  if (isBanned(user)) throw badRequest("user_banned", "User is banned");
  const now = new Date();
  if (sessionExpired(session, now)) {
    throw badRequest("session_expired", "Invalid Refresh Token: Session Expired");
  }

  let issued: string;
  if (row.revoked) {
    const active = await activeRefreshToken(tx, session.id);
    const rotatedAt = row.updatedAt ?? row.createdAt ?? new Date(0);
    if (active && active.parent === row.token) {
      issued = await deriveRefreshToken(session.id, active.id);
    } else if (
      active &&
      now.getTime() - rotatedAt.getTime() <= REUSE_INTERVAL_SECONDS * 1000 &&
      (await hasChild(tx, row.token ?? ""))
    ) {
      issued = await issueRefreshToken(tx, user.id, session.id, row.token);
    } else {
      await revokeSessionTokens(tx, session.id);
      await recordAudit(
        tx,
        { id: user.id, username: auditName(user), ip: info.ip },
        "token_revoked",
        {
          reason: "refresh_token_reuse",
        },
      );
      return { kind: "reused" };
    }
  } else {
    await revokeRefreshToken(tx, row.id);
    issued = await issueRefreshToken(tx, user.id, session.id, row.token);
  }

  const [refreshed] = await tx
    .update(sessions)
    .set({ refreshedAt: now, updatedAt: now, userAgent: info.userAgent ?? session.userAgent })
    .where(eq(sessions.id, session.id))
    .returning();
  await recordAudit(tx, { id: user.id, username: auditName(user), ip: info.ip }, "token_refreshed");
  return {
    kind: "session",
    session: await sessionResponse(tx, user, refreshed ?? session, issued),
  };
}

/**
 * Raises a session to aal2 after a second factor (`method`: totp, phone) verified, as
 * GoTrue's verify does: the session records the factor, the method joins the amr claims
 * (newest first), the session's refresh token is rotated, and the answer carries an access
 * token with aal "aal2".
 */
export async function raiseSessionToAal2(
  tx: Tx,
  user: UserRow,
  session: SessionRow,
  factorId: string,
  method: string,
): Promise<SessionResponse> {
  const now = new Date();
  const [raised] = await tx
    .update(sessions)
    .set({ aal: "aal2", factorId, updatedAt: now })
    .where(eq(sessions.id, session.id))
    .returning();
  await tx
    .insert(mfaAmrClaims)
    .values({
      id: randomUUID(),
      sessionId: session.id,
      createdAt: now,
      updatedAt: now,
      authenticationMethod: method,
    })
    .onConflictDoUpdate({
      target: [mfaAmrClaims.sessionId, mfaAmrClaims.authenticationMethod],
      set: { updatedAt: now },
    });
  const active = await activeRefreshToken(tx, session.id);
  if (active) await revokeRefreshToken(tx, active.id);
  const refreshToken = await issueRefreshToken(tx, user.id, session.id, active?.token ?? null);
  return sessionResponse(tx, user, raised ?? session, refreshToken);
}

export async function findSession(tx: Tx, id: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

export type LogoutScope = "global" | "local" | "others";

/** Deletes sessions (their refresh tokens go with them); their access tokens stop working. */
export async function endSessions(
  tx: Tx,
  user: UserRow,
  sessionId: string,
  scope: LogoutScope,
  info: RequestInfo,
): Promise<void> {
  const where =
    scope === "local"
      ? eq(sessions.id, sessionId)
      : scope === "others"
        ? and(eq(sessions.userId, user.id), ne(sessions.id, sessionId))
        : eq(sessions.userId, user.id);
  await tx.delete(sessions).where(where);
  await recordAudit(tx, { id: user.id, username: auditName(user), ip: info.ip }, "logout", {
    scope,
  });
}
