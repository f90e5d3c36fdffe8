import "server-only";
import { createHash, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { and, eq, gt, lt, ne, notExists } from "drizzle-orm";
import QRCode from "qrcode";
import { mfaChallenges, mfaFactors, mfaTotpSteps, sessions } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, unprocessable, validationFailed } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import { userFactors, type FactorRow } from "@/lib/auth/service/mfa-factors";
import {
  auditName,
  raiseSessionToAal2,
  type SessionResponse,
  type SessionRow,
} from "@/lib/auth/service/sessions";
import { smsSendFailed } from "@/lib/auth/service/otp-delivery";
import { generateTotpSecret, matchTotpStep, otpauthUri } from "@/lib/auth/service/totp";
import type { UserRow } from "@/lib/auth/service/users";
import type { Tx } from "@/lib/db/context";
import { enqueueSms, type PendingSms } from "@/lib/sms/send";

/**
 * MFA as GoTrue serves it (`auth.mfa.*`): enroll a TOTP or phone factor, challenge it,
 * verify the challenge (the session becomes aal2), unenroll. Every function runs inside the
 * caller's transaction with the Bearer's user and session already loaded.
 */
export const MAX_VERIFIED_FACTORS = 10;
const PHONE_CODE_DIGITS = 6;

export type EnrollResponse =
  | {
      id: string;
      type: "totp";
      friendly_name: string;
      totp: { qr_code: string; secret: string; uri: string };
    }
  | { id: string; type: "phone"; friendly_name: string; phone: string };

export interface ChallengeResponse {
  id: string;
  type: "totp" | "phone";
  expires_at: number;
}

/** The SMS of a phone challenge (GoTrue's default template). */
export const phoneCodeMessage = (code: string) => `Your code is ${code}`;

export const factorNotFound = () => new AuthError(404, "mfa_factor_not_found", "Factor not found");

const actor = (user: UserRow, info: RequestInfo) => ({
  id: user.id,
  username: auditName(user),
  ip: info.ip,
});

/** The user's own factor, locked for the rest of the transaction; anyone else's → 404. */
export async function findOwnedFactor(tx: Tx, user: UserRow, factorId: string): Promise<FactorRow> {
  const [factor] = await tx
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, user.id)))
    .for("update");
  if (!factor) throw factorNotFound();
  return factor;
}

export interface EnrollInput {
  factorType: "totp" | "phone";
  friendlyName: string;
  issuer: string | undefined;
  phone: string | undefined;
}

export async function assertCanEnroll(
  tx: Tx,
  user: UserRow,
  session: SessionRow,
  input: Pick<EnrollInput, "friendlyName">,
): Promise<FactorRow[]> {
  const factors = await userFactors(tx, user.id);
  const verified = factors.filter((f) => f.status === "verified").length;
  const unverified = factors.length - verified;
  if (verified >= MAX_VERIFIED_FACTORS) {
    throw unprocessable(
      "too_many_enrolled_mfa_factors",
      "Maximum number of verified factors reached, unenroll to continue",
    );
  }
  if (unverified >= authConfig().mfaMaxUnverifiedFactors) {
    throw unprocessable(
      "too_many_enrolled_mfa_factors",
      "Maximum number of unverified factors reached, unenroll to continue",
    );
  }
  if (verified > 0 && session.aal !== "aal2") {
    throw unprocessable("insufficient_aal", "AAL2 required to enroll a new factor");
  }
  const name = input.friendlyName.trim();
  if (name && factors.some((f) => f.friendlyName === input.friendlyName)) {
    throw unprocessable(
      "mfa_factor_name_conflict",
      `A factor with the friendly name "${input.friendlyName}" for this user already exists`,
    );
  }
  return factors;
}

/**
 * Abandoned enrolments (GoTrue's DeleteExpiredFactors, run at each enrolment): the user's
 * unverified factors older than AUTH_MFA_FACTOR_EXPIRY that have no live challenge (none
 * created within AUTH_MFA_CHALLENGE_EXPIRY) are removed.
 */
export async function removeAbandonedFactors(tx: Tx, user: UserRow, now: Date): Promise<void> {
  const config = authConfig();
  const createdBefore = new Date(now.getTime() - config.mfaFactorExpirySeconds * 1000);
  const challengedAfter = new Date(now.getTime() - config.mfaChallengeExpirySeconds * 1000);
  await tx.delete(mfaFactors).where(
    and(
      eq(mfaFactors.userId, user.id),
      eq(mfaFactors.status, "unverified"),
      lt(mfaFactors.createdAt, createdBefore),
      notExists(
        tx
          .select({ id: mfaChallenges.id })
          .from(mfaChallenges)
          .where(
            and(
              eq(mfaChallenges.factorId, mfaFactors.id),
              gt(mfaChallenges.createdAt, challengedAfter),
            ),
          ),
      ),
    ),
  );
}

/**
 * POST /factors: a new unverified factor (abandoned enrolments are removed first). TOTP
 * answers its secret, URI and QR code (SVG).
 */
export async function enrollFactor(
  tx: Tx,
  user: UserRow,
  session: SessionRow,
  input: EnrollInput,
  info: RequestInfo,
): Promise<EnrollResponse> {
  await removeAbandonedFactors(tx, user, new Date());
  const factors = await assertCanEnroll(tx, user, session, input);
  const now = new Date();
  const id = randomUUID();
  if (input.factorType === "phone") {
    const phone = input.phone ?? "";
    const same = factors.find((f) => f.factorType === "phone" && f.phone === phone);
    if (same?.status === "verified") {
      throw unprocessable(
        "mfa_verified_factor_exists",
        "A verified phone factor already exists, unenroll the existing factor to continue",
      );
    }
    if (same) await tx.delete(mfaFactors).where(eq(mfaFactors.id, same.id));
    await tx.insert(mfaFactors).values({
      id,
      userId: user.id,
      friendlyName: input.friendlyName,
      factorType: "phone",
      status: "unverified",
      createdAt: now,
      updatedAt: now,
      phone,
    });
    await recordAudit(tx, actor(user, info), "factor_in_progress", {
      factor_id: id,
      factor_type: "phone",
    });
    return { id, type: "phone", friendly_name: input.friendlyName, phone };
  }

  const issuer = input.issuer?.trim() || new URL(authConfig().siteOrigin).host;
  const account = user.email || user.phone || user.id;
  const secret = generateTotpSecret();
  const uri = otpauthUri(secret, issuer, account);
  const qrCode = dataUriSafeSvg(
    await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
  );
  await tx.insert(mfaFactors).values({
    id,
    userId: user.id,
    friendlyName: input.friendlyName,
    factorType: "totp",
    status: "unverified",
    createdAt: now,
    updatedAt: now,
    secret,
  });
  await recordAudit(tx, actor(user, info), "factor_in_progress", {
    factor_id: id,
    factor_type: "totp",
  });
  // auth-js prefixes the SVG with `data:image/svg+xml;utf-8,` (GoTrue answers the SVG itself).
  return {
    id,
    type: "totp",
    friendly_name: input.friendlyName,
    totp: { qr_code: qrCode, secret, uri },
  };
}

/**
 * auth-js turns the SVG into `data:image/svg+xml;utf-8,<svg…>` without escaping it, and a
 * `#` there starts the URL's fragment: browsers would cut the image at qrcode's `#ffffff`.
 * Named colours (as GoTrue's SVG uses) keep the data URI whole.
 */
export function dataUriSafeSvg(svg: string): string {
  return svg.replace(/"#ffffff"/gi, '"white"').replace(/"#000000"/gi, '"black"');
}

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
  await recordAudit(tx, actor(user, info), "challenge_created", {
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
  if (factor.status !== "verified") {
    await tx
      .update(mfaFactors)
      .set({ status: "verified", updatedAt: now })
      .where(eq(mfaFactors.id, factor.id));
    // GoTrue's DeleteUnverifiedFactors: the other unfinished enrolments of this type go.
    await tx
      .delete(mfaFactors)
      .where(
        and(
          eq(mfaFactors.userId, user.id),
          eq(mfaFactors.factorType, factor.factorType),
          eq(mfaFactors.status, "unverified"),
          ne(mfaFactors.id, factor.id),
        ),
      );
  }
  await recordAudit(tx, actor(user, info), "verification_attempted", {
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

/**
 * DELETE /factors/{id}: a verified factor, or any factor of a user who has a verified one,
 * needs an aal2 session (422 insufficient_aal). Sessions raised by this factor go back to aal1.
 */
export async function unenrollFactor(
  tx: Tx,
  user: UserRow,
  session: SessionRow,
  factor: FactorRow,
  info: RequestInfo,
): Promise<{ id: string }> {
  const factors = await userFactors(tx, user.id);
  const hasVerified = factors.some((f) => f.status === "verified");
  if ((factor.status === "verified" || hasVerified) && session.aal !== "aal2") {
    throw unprocessable("insufficient_aal", "AAL2 required to unenroll verified factor");
  }
  await tx.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
  await tx
    .update(sessions)
    .set({ aal: "aal1", factorId: null, updatedAt: new Date() })
    .where(and(eq(sessions.factorId, factor.id), eq(sessions.userId, user.id)));
  await recordAudit(tx, actor(user, info), "factor_unenrolled", {
    factor_id: factor.id,
    factor_type: factor.factorType,
  });
  return { id: factor.id };
}
