import "server-only";
import { createHash, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { and, eq } from "drizzle-orm";
import { mfaChallenges, mfaFactors, mfaTotpSteps } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { auditActor } from "@/lib/auth/service/audit-actor";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, unprocessable, validationFailed } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import { completeEnrolment } from "@/lib/auth/service/mfa-enrolment";
import type { FactorRow } from "@/lib/auth/service/mfa-factors";
import { smsSendFailed } from "@/lib/auth/service/otp-delivery";
import {
  raiseSessionToAal2,
  type SessionResponse,
  type SessionRow,
} from "@/lib/auth/service/sessions";
import { matchTotpStep } from "@/lib/auth/service/totp";
import type { UserRow } from "@/lib/auth/service/users";
import type { Tx } from "@/lib/db/context";
import { enqueueSms, type PendingSms } from "@/lib/sms/send";

/**
 * Challenges of TOTP and phone factors as GoTrue serves them (`auth.mfa.challenge`,
 * `verify`): a challenge, its code checked once, and the session raised to aal2. Enrolment
 * is in mfa-enrolment.ts. Every function runs inside the caller's transaction with the
 * Bearer's user and session already loaded.
 */
const PHONE_CODE_DIGITS = 6;

export interface ChallengeResponse {
  id: string;
  type: "totp" | "phone";
  expires_at: number;
}

/** The SMS of a phone challenge (GoTrue's default template). */
export const phoneCodeMessage = (code: string) => `Your code is ${code}`;

const hashPhoneCode = (challengeId: string, code: string) =>
  createHash("sha256").update(`${challengeId}:${code}`).digest("hex");

/**
 * POST /factors/{id}/challenge: a challenge row (TOTP), or a 6-digit code sent by SMS and
 * stored as a SHA-256 (phone). Answers its id and expiry (unix seconds), and for a phone
 * factor the SMS to deliver once the transaction has committed (lib/sms).
 */
export async function challengeFactor(
  tx: Tx,
  user: UserRow,
  factor: FactorRow,
  info: RequestInfo,
): Promise<{ challenge: ChallengeResponse; sms: PendingSms | null }> {
  if (factor.factorType !== "totp" && factor.factorType !== "phone") {
    throw validationFailed("Only TOTP and phone factors are supported");
  }
  if (factor.factorType === "phone" && authConfig().smsProvider === "none") {
    throw smsSendFailed("MFA", "no SMS provider is configured");
  }
  const now = new Date();
  const id = randomUUID();
  const code =
    factor.factorType === "phone"
      ? randomInt(0, 10 ** PHONE_CODE_DIGITS)
          .toString()
          .padStart(PHONE_CODE_DIGITS, "0")
      : null;
  await tx.insert(mfaChallenges).values({
    id,
    factorId: factor.id,
    createdAt: now,
    ipAddress: isIP(info.ip) ? info.ip : "0.0.0.0",
    otpCode: code ? hashPhoneCode(id, code) : null,
  });
  await tx
    .update(mfaFactors)
    .set({ lastChallengedAt: now, updatedAt: now })
    .where(eq(mfaFactors.id, factor.id));
  const sms = code
    ? await enqueueSms(tx, { to: `+${factor.phone ?? ""}`, body: phoneCodeMessage(code) })
    : null;
  await recordAudit(tx, auditActor(user, info), "challenge_created", {
    factor_id: factor.id,
    factor_type: factor.factorType,
  });
  const challenge: ChallengeResponse = {
    id,
    type: factor.factorType,
    expires_at: Math.floor(now.getTime() / 1000) + authConfig().mfaChallengeExpirySeconds,
  };
  return { challenge, sms };
}

const verificationFailed = (what: string) =>
  unprocessable("mfa_verification_failed", `Invalid ${what} code entered`);

/** Checks a TOTP code and records its step: a step (or an earlier one) verifies only once. */
async function checkTotp(tx: Tx, factor: FactorRow, code: string, now: Date): Promise<void> {
  const step = matchTotpStep(factor.secret ?? "", code, Math.floor(now.getTime() / 1000));
  if (step === null) throw verificationFailed("TOTP");
  const [used] = await tx.select().from(mfaTotpSteps).where(eq(mfaTotpSteps.factorId, factor.id));
  if (used && step <= used.lastStep) throw verificationFailed("TOTP");
  await tx
    .insert(mfaTotpSteps)
    .values({ factorId: factor.id, lastStep: step, updatedAt: now })
    .onConflictDoUpdate({
      target: mfaTotpSteps.factorId,
      set: { lastStep: step, updatedAt: now },
    });
}

/**
 * POST /factors/{id}/verify: the challenge must be the factor's, unverified and unexpired
 * (expired ones are deleted); a wrong or replayed code → 422 mfa_verification_failed. Then
 * the challenge is marked verified, the factor becomes verified, and the session is raised
 * to aal2 (new tokens).
 */
export async function verifyFactor(
  tx: Tx,
  user: UserRow,
  session: SessionRow,
  factor: FactorRow,
  input: { challengeId: string; code: string },
  info: RequestInfo,
): Promise<SessionResponse> {
  const now = new Date();
  const [challenge] = await tx
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, input.challengeId), eq(mfaChallenges.factorId, factor.id)))
    .for("update");
  if (!challenge || challenge.verifiedAt) {
    throw unprocessable(
      "mfa_factor_not_found",
      "MFA factor with the provided challenge ID not found",
    );
  }
  const expiry = authConfig().mfaChallengeExpirySeconds * 1000;
  if (challenge.createdAt.getTime() + expiry <= now.getTime()) {
    throw new ExpiredChallenge(challenge.id);
  }
  if (factor.factorType === "totp") {
    await checkTotp(tx, factor, input.code, now);
  } else {
    const expected = Buffer.from(challenge.otpCode ?? "");
    const given = Buffer.from(hashPhoneCode(challenge.id, input.code.trim()));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw verificationFailed("phone");
    }
  }
  await tx.update(mfaChallenges).set({ verifiedAt: now }).where(eq(mfaChallenges.id, challenge.id));
  if (factor.status !== "verified") await completeEnrolment(tx, user, factor, now);
  await recordAudit(tx, auditActor(user, info), "verification_attempted", {
    factor_id: factor.id,
    factor_type: factor.factorType,
    success: true,
  });
  return raiseSessionToAal2(tx, user, session, factor.id, factor.factorType);
}

/**
 * An expired challenge: the handler deletes it (in its own transaction, since this one rolls
 * back) and answers 422 mfa_challenge_expired.
 */
export class ExpiredChallenge extends AuthError {
  readonly challengeId: string;
  constructor(challengeId: string) {
    super(
      422,
      "mfa_challenge_expired",
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
    this.challengeId = challengeId;
  }
}

export async function deleteChallenge(tx: Tx, challengeId: string): Promise<void> {
  await tx.delete(mfaChallenges).where(eq(mfaChallenges.id, challengeId));
}
