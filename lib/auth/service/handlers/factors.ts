import "server-only";
import { z } from "zod";
import { loadBearer, verifyBearer } from "@/lib/auth/service/bearer";
import { AuthError, validationFailed } from "@/lib/auth/service/errors";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { smsSendFailed } from "@/lib/auth/service/otp-delivery";
import { enforceAuthRateLimit, mfaChallengeRule, mfaVerifyRule } from "@/lib/auth/service/limits";
import {
  challengeFactor,
  deleteChallenge,
  ExpiredChallenge,
  verifyFactor,
  type ChallengeResponse,
} from "@/lib/auth/service/mfa-challenges";
import {
  enrollFactor,
  findOwnedFactor,
  unenrollFactor,
  type EnrollResponse,
} from "@/lib/auth/service/mfa-enrolment";
import type { SessionResponse } from "@/lib/auth/service/sessions";
import {
  challengeWebAuthnFactor,
  enrollWebAuthnFactor,
  isWebAuthnVerifyBody,
  verifyWebAuthnFactor,
  type WebAuthnChallengeResponse,
  type WebAuthnEnrollResponse,
} from "@/lib/auth/service/handlers/webauthn-factor";
import { normalizePhone, nullableString, parseBody } from "@/lib/auth/service/validation";
import { withSystemContext } from "@/lib/db/context";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The MFA endpoints (`auth.mfa.*` of supabase-js): POST /factors, POST /factors/{id}/challenge,
 * POST /factors/{id}/verify, DELETE /factors/{id}. Another user's or an unknown factor id is
 * 404 mfa_factor_not_found. Challenge and verify: 15 per minute per client address each.
 */

function assertFactorId(id: string): void {
  if (!isUuid(id)) throw new AuthError(404, "mfa_factor_not_found", "Factor not found");
}

const enrollBody = z.object({
  factor_type: nullableString,
  friendly_name: nullableString,
  issuer: nullableString,
  phone: nullableString,
});

export async function handleEnrollFactor(
  request: Request,
  info: RequestInfo,
): Promise<EnrollResponse | WebAuthnEnrollResponse> {
  const bearer = await verifyBearer(request);
  const body = parseBody(enrollBody, await readJsonBody(request));
  const factorType = body.factor_type;
  if (factorType === "webauthn") return enrollWebAuthnFactor(bearer, body.friendly_name, info);
  if (factorType !== "totp" && factorType !== "phone") {
    throw validationFailed("factor_type needs to be totp or phone");
  }
  const friendlyName = body.friendly_name ?? "";
  if (friendlyName.length > 255) throw validationFailed("friendly_name is too long");
  let phone: string | undefined;
  if (factorType === "phone") {
    if (!body.phone) throw validationFailed("Phone number required to enroll Phone factor");
    phone = normalizePhone(body.phone);
  }
  return withSystemContext("auth: mfa enroll", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    return enrollFactor(
      tx,
      user,
      session,
      { factorType, friendlyName, issuer: body.issuer, phone },
      info,
    );
  });
}

export async function handleChallengeFactor(
  request: Request,
  info: RequestInfo,
  factorId: string,
): Promise<ChallengeResponse | WebAuthnChallengeResponse> {
  const bearer = await verifyBearer(request);
  await readJsonBody(request);
  assertFactorId(factorId);
  await enforceAuthRateLimit(mfaChallengeRule(), info);
  const { challenge, sms } = await withSystemContext("auth: mfa challenge", async (tx) => {
    const { user } = await loadBearer(tx, bearer);
    const factor = await findOwnedFactor(tx, user, factorId);
    if (factor.factorType === "webauthn") {
      return { challenge: await challengeWebAuthnFactor(tx, user, factor, info), sms: null };
    }
    return challengeFactor(tx, user, factor, info);
  });
  if (sms) {
    try {
      await sms.deliver();
    } catch (error) {
      console.error("auth: mfa sms not sent", { factorId, error });
      throw smsSendFailed("MFA", error instanceof Error ? error.message : "provider error");
    }
  }
  return challenge;
}

const verifyBody = z.object({ challenge_id: nullableString, code: nullableString });

export async function handleVerifyFactor(
  request: Request,
  info: RequestInfo,
  factorId: string,
): Promise<SessionResponse> {
  const bearer = await verifyBearer(request);
  const raw = await readJsonBody(request);
  if (isWebAuthnVerifyBody(raw)) return verifyWebAuthnFactor(bearer, raw, info, factorId);
  const body = parseBody(verifyBody, raw);
  assertFactorId(factorId);
  if (!isUuid(body.challenge_id)) {
    throw validationFailed("challenge_id must be an UUID");
  }
  if (!body.code) throw validationFailed("code is required");
  const input = { challengeId: body.challenge_id, code: body.code };
  await enforceAuthRateLimit(mfaVerifyRule(), info);
  try {
    return await withSystemContext("auth: mfa verify", async (tx) => {
      const { user, session } = await loadBearer(tx, bearer);
      const factor = await findOwnedFactor(tx, user, factorId);
      return verifyFactor(tx, user, session, factor, input, info);
    });
  } catch (error) {
    if (error instanceof ExpiredChallenge) {
      await withSystemContext("auth: mfa expired challenge", (tx) =>
        deleteChallenge(tx, error.challengeId),
      );
    }
    throw error;
  }
}

export async function handleUnenrollFactor(
  request: Request,
  info: RequestInfo,
  factorId: string,
): Promise<{ id: string }> {
  const bearer = await verifyBearer(request);
  assertFactorId(factorId);
  return withSystemContext("auth: mfa unenroll", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    const factor = await findOwnedFactor(tx, user, factorId);
    return unenrollFactor(tx, user, session, factor, info);
  });
}
