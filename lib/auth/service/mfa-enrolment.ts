import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, gt, lt, ne, notExists } from "drizzle-orm";
import QRCode from "qrcode";
import { mfaChallenges, mfaFactors, sessions } from "@/lib/auth/schema";
import { recordAudit, type AuditAction } from "@/lib/auth/service/audit";
import { auditActor } from "@/lib/auth/service/audit-actor";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, unprocessable } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import { userFactors, type FactorRow } from "@/lib/auth/service/mfa-factors";
import type { SessionRow } from "@/lib/auth/service/sessions";
import { generateTotpSecret, otpauthUri } from "@/lib/auth/service/totp";
import type { UserRow } from "@/lib/auth/service/users";
import type { Tx } from "@/lib/db/context";

/**
 * MFA factors as GoTrue keeps them (`auth.mfa.enroll`, `unenroll`): enrolling a TOTP or
 * phone factor, its limits, the enrolments that were abandoned, an enrolment completed by its
 * first verification, and removing a factor. Challenges and their verification are in
 * mfa-challenges.ts. Every function runs inside the caller's transaction with the Bearer's
 * user and session already loaded.
 */
export const MAX_VERIFIED_FACTORS = 10;

export type EnrollResponse =
  | {
      id: string;
      type: "totp";
      friendly_name: string;
      totp: { qr_code: string; secret: string; uri: string };
    }
  | { id: string; type: "phone"; friendly_name: string; phone: string };

export const factorNotFound = () => new AuthError(404, "mfa_factor_not_found", "Factor not found");

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
    await recordAudit(tx, auditActor(user, info), "factor_in_progress", {
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
  await recordAudit(tx, auditActor(user, info), "factor_in_progress", {
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

/**
 * The first verification of a factor (TOTP, phone or WebAuthn) completes its enrolment: the
 * factor becomes verified and, as GoTrue's DeleteUnverifiedFactors does, the user's other
 * unfinished enrolments of the same type go.
 */
export async function completeEnrolment(
  tx: Tx,
  user: UserRow,
  factor: FactorRow,
  now: Date,
): Promise<void> {
  await tx
    .update(mfaFactors)
    .set({ status: "verified", updatedAt: now })
    .where(eq(mfaFactors.id, factor.id));
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

/**
 * Removes a factor, by its user (DELETE /factors/{id}, audit `factor_unenrolled`) or by an
 * admin (audit `factor_deleted`): the sessions it raised go back to aal1.
 */
export async function removeFactor(
  tx: Tx,
  user: UserRow,
  factor: FactorRow,
  info: RequestInfo,
  action: Extract<AuditAction, "factor_unenrolled" | "factor_deleted">,
): Promise<void> {
  await tx.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
  await tx
    .update(sessions)
    .set({ aal: "aal1", factorId: null, updatedAt: new Date() })
    .where(and(eq(sessions.factorId, factor.id), eq(sessions.userId, user.id)));
  await recordAudit(tx, auditActor(user, info), action, {
    factor_id: factor.id,
    factor_type: factor.factorType,
  });
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
  await removeFactor(tx, user, factor, info, "factor_unenrolled");
  return { id: factor.id };
}
