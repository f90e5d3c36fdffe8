import "server-only";
import { createHash, createHmac, randomInt, randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { oneTimeTokens } from "@/lib/auth/schema";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError } from "@/lib/auth/service/errors";
import { getKeyRing } from "@/lib/auth/service/keys";
import type { Tx } from "@/lib/db/context";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";

/**
 * One-time tokens (auth.one_time_tokens, GoTrue's layout): one row per user and purpose.
 * Each row is both a 6-digit code (typed by the user) and a link token (in the email):
 * the link token is HMAC(server secret, "<row id>:<code>"), and only its SHA-256 is stored
 * (`token_hash`), so the database alone gives neither the code nor a working link. Links
 * issued under PKCE carry the prefix "pkce_" (kept in `token_hash` too, as GoTrue does).
 * Rows are single use (deleted by the verification that consumes them), expire after
 * AUTH_OTP_EXPIRY seconds, and allow MAX_ATTEMPTS wrong codes before they are discarded.
 */
export type OneTimeTokenType = (typeof oneTimeTokens.$inferSelect)["tokenType"];
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

export const MAX_ATTEMPTS = 5;
const PKCE_PREFIX = "pkce_";

export interface IssuedToken {
  code: string;
  /** The link token (with "pkce_" when the flow is PKCE). */
  linkToken: string;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function linkSecret(rowId: string, code: string): Promise<string> {
  const { refreshSecret } = await getKeyRing();
  return createHmac("sha256", refreshSecret).update(`otp:${rowId}:${code}`).digest("base64url");
}

function storedHash(secret: string, pkce: boolean): string {
  return `${pkce ? PKCE_PREFIX : ""}${sha256(secret)}`;
}

/** Replaces the user's token of that type with a new one for `relatesTo` (the address). */
export async function issueOneTimeToken(
  tx: Tx,
  userId: string,
  type: OneTimeTokenType,
  relatesTo: string,
  pkce: boolean,
): Promise<IssuedToken> {
  const id = randomUUID();
  const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
  const secret = await linkSecret(id, code);
  const now = new Date();
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.tokenType, type)));
  await tx.insert(oneTimeTokens).values({
    id,
    userId,
    tokenType: type,
    tokenHash: storedHash(secret, pkce),
    relatesTo,
    createdAt: now,
    updatedAt: now,
  });
  return { code, linkToken: `${pkce ? PKCE_PREFIX : ""}${secret}` };
}

export function isPkceToken(row: OneTimeTokenRow): boolean {
  return row.tokenHash.startsWith(PKCE_PREFIX);
}

export function isExpired(row: OneTimeTokenRow, now = Date.now()): boolean {
  return row.createdAt.getTime() + authConfig().otpExpirySeconds * 1000 < now;
}

export const tokenExpiredOrInvalid = () =>
  new AuthError(403, "otp_expired", "Token has expired or is invalid");

/** The live row a link token names (none, expired or of another type → undefined). */
export async function findByLinkToken(
  tx: Tx,
  linkToken: string,
  types: OneTimeTokenType[],
): Promise<OneTimeTokenRow | undefined> {
  const pkce = linkToken.startsWith(PKCE_PREFIX);
  const secret = pkce ? linkToken.slice(PKCE_PREFIX.length) : linkToken;
  if (!secret) return undefined;
  const [row] = await tx
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, storedHash(secret, pkce)),
        inArray(oneTimeTokens.tokenType, types),
      ),
    );
  return row && !isExpired(row) ? row : undefined;
}

/** The candidate rows for a code typed for `relatesTo` (an email or a phone). */
export async function findByAddress(
  tx: Tx,
  relatesTo: string,
  types: OneTimeTokenType[],
): Promise<OneTimeTokenRow[]> {
  const rows = await tx
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.relatesTo, relatesTo), inArray(oneTimeTokens.tokenType, types)));
  return rows.filter((row) => !isExpired(row));
}

/**
 * Counts one attempt at a row's code (outside any transaction: PGlite has one connection).
 * False once MAX_ATTEMPTS attempts were made: the caller discards the row.
 */
export async function countAttempt(row: OneTimeTokenRow): Promise<boolean> {
  const result = await consumeRateLimit({
    key: `auth:otp-attempt:${row.id}`,
    limit: MAX_ATTEMPTS,
    windowSeconds: authConfig().otpExpirySeconds,
  });
  return result.allowed;
}

/** Whether `code` is the code of `row` (constant work whatever the answer). */
export async function codeMatches(row: OneTimeTokenRow, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const secret = await linkSecret(row.id, code);
  return storedHash(secret, isPkceToken(row)) === row.tokenHash;
}

/** Consumes a row: true when this call deleted it (a concurrent use loses). */
export async function consumeToken(tx: Tx, row: OneTimeTokenRow): Promise<boolean> {
  const deleted = await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.id, row.id), eq(oneTimeTokens.tokenHash, row.tokenHash)))
    .returning({ id: oneTimeTokens.id });
  return deleted.length === 1;
}

export async function discardToken(tx: Tx, id: string): Promise<void> {
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.id, id));
}
