import "server-only";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { flowState } from "@/lib/auth/schema";
import { AuthError, badRequest, validationFailed } from "@/lib/auth/service/errors";
import type { Tx } from "@/lib/db/context";

/**
 * PKCE (RFC 7636) as GoTrue keeps it in auth.flow_state: a row is created when a client
 * sends `code_challenge` (sign-up, OTP, recovery, …); the verified link redirects with
 * `?code=<auth_code>`; POST /token?grant_type=pkce exchanges the code with the verifier.
 * Rows are single use and expire FLOW_STATE_TTL_SECONDS after the code was issued.
 */
export type FlowStateRow = typeof flowState.$inferSelect;
export const FLOW_STATE_TTL_SECONDS = 300;

export interface PkceParams {
  codeChallenge: string;
  method: "s256" | "plain";
}

/** Reads code_challenge / code_challenge_method from a body; null when the flow is implicit. */
export function pkceParams(body: {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}): PkceParams | null {
  const challenge = body.code_challenge ?? "";
  const rawMethod = body.code_challenge_method?.toLowerCase() ?? "";
  if (!challenge && !rawMethod) return null;
  if (!challenge || !rawMethod) {
    throw badRequest(
      "validation_failed",
      "PKCE flow requires code_challenge_method and code_challenge",
    );
  }
  if (rawMethod !== "s256" && rawMethod !== "plain") {
    throw validationFailed(`code challenge method not supported: ${rawMethod}`);
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed("code challenge has to be between 43 and 128 characters");
  }
  return { codeChallenge: challenge, method: rawMethod };
}

export async function createFlowState(
  tx: Tx,
  userId: string,
  pkce: PkceParams,
  authenticationMethod: string,
  providerType = "email",
): Promise<FlowStateRow> {
  const now = new Date();
  const [row] = await tx
    .insert(flowState)
    .values({
      id: randomUUID(),
      userId,
      authCode: randomUUID(),
      codeChallengeMethod: pkce.method,
      codeChallenge: pkce.codeChallenge,
      providerType,
      authenticationMethod,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("flow_state insert returned no row.");
  return row;
}

/** The newest flow of the user for that method; marks its code issued (the TTL starts). */
export async function issueAuthCode(
  tx: Tx,
  userId: string,
  authenticationMethod: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select()
    .from(flowState)
    .where(
      and(eq(flowState.userId, userId), eq(flowState.authenticationMethod, authenticationMethod)),
    )
    .orderBy(desc(flowState.createdAt))
    .limit(1);
  if (!row) return undefined;
  const now = new Date();
  await tx
    .update(flowState)
    .set({ authCodeIssuedAt: now, updatedAt: now })
    .where(eq(flowState.id, row.id));
  return row.authCode;
}

function challengeOf(verifier: string, method: "s256" | "plain"): string {
  return method === "s256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Consumes the flow named by `authCode` if `verifier` matches its challenge (single use:
 * deleted in the caller's transaction, which a failure rolls back). GoTrue's errors.
 */
export async function consumeFlowState(
  tx: Tx,
  authCode: string,
  verifier: string,
): Promise<FlowStateRow> {
  const [row] = await tx.delete(flowState).where(eq(flowState.authCode, authCode)).returning();
  if (!row) {
    throw new AuthError(
      404,
      "flow_state_not_found",
      "invalid flow state, no valid flow state found",
    );
  }
  const issuedAt = (row.authCodeIssuedAt ?? row.createdAt ?? new Date(0)).getTime();
  if (issuedAt + FLOW_STATE_TTL_SECONDS * 1000 < Date.now()) {
    throw badRequest("flow_state_expired", "invalid flow state, flow state has expired");
  }
  if (!sameText(challengeOf(verifier, row.codeChallengeMethod), row.codeChallenge)) {
    throw new AuthError(
      403,
      "bad_code_verifier",
      "code challenge does not match previously saved code verifier",
    );
  }
  return row;
}
