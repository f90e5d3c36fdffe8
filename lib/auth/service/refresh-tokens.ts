import "server-only";
import { createHash, createHmac } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { refreshTokens } from "@/lib/auth/schema";
import { getKeyRing } from "@/lib/auth/service/keys";
import { queryRows } from "@/lib/db/rows";
import type { Tx } from "@/lib/db/context";

/**
 * Refresh tokens: 256 bits derived by HMAC from a server secret and the row's (session, id),
 * stored only as a SHA-256. Derivation (rather than plain randomness) lets the service hand
 * the session's active token out again when a client failed to save it, without storing it.
 */
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function deriveRefreshToken(sessionId: string, id: number): Promise<string> {
  const { refreshSecret } = await getKeyRing();
  return createHmac("sha256", refreshSecret).update(`${sessionId}:${id}`).digest("base64url");
}

/** Inserts a new active token of the session, child of `parent` (a token hash) if given. */
export async function issueRefreshToken(
  tx: Tx,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const [next] = await queryRows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('auth.refresh_tokens', 'id')) as id`,
  );
  const id = Number(next?.id);
  const token = await deriveRefreshToken(sessionId, id);
  const now = new Date();
  await tx.insert(refreshTokens).values({
    id,
    token: hashRefreshToken(token),
    userId,
    revoked: false,
    createdAt: now,
    updatedAt: now,
    parent,
    sessionId,
  });
  return token;
}

export async function findRefreshToken(
  tx: Tx,
  token: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token, hashRefreshToken(token)));
  return row;
}

/** The session's newest unrevoked token. */
export async function activeRefreshToken(
  tx: Tx,
  sessionId: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.revoked, false)))
    .orderBy(desc(refreshTokens.id))
    .limit(1);
  return row;
}

export async function hasChild(tx: Tx, tokenHash: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(eq(refreshTokens.parent, tokenHash))
    .limit(1);
  return !!row;
}

export async function revokeRefreshToken(tx: Tx, id: number): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revoked: true, updatedAt: new Date() })
    .where(eq(refreshTokens.id, id));
}

/** Revokes every token of the session (reuse detected). */
export async function revokeSessionTokens(tx: Tx, sessionId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revoked: true, updatedAt: new Date() })
    .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.revoked, false)));
}
