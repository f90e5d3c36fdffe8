import "server-only";
import { randomUUID } from "node:crypto";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { mfaFactors } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { auditActor } from "@/lib/auth/service/audit-actor";
import { loadBearer, type VerifiedBearer } from "@/lib/auth/service/bearer";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, unprocessable, validationFailed } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import { enforceAuthRateLimit, mfaVerifyRule } from "@/lib/auth/service/limits";
import {
  assertCanEnroll,
  completeEnrolment,
  findOwnedFactor,
  removeAbandonedFactors,
} from "@/lib/auth/service/mfa-enrolment";
import type { FactorRow } from "@/lib/auth/service/mfa-factors";
import { raiseSessionToAal2, type SessionResponse } from "@/lib/auth/service/sessions";
import type { UserRow } from "@/lib/auth/service/users";
import { nullableString, parseBody } from "@/lib/auth/service/validation";
import {
  authenticationOptions,
  credentialExists,
  insertCredential,
  isExpired,
  parseAuthenticationResponse,
  parseRegistrationResponse,
  recordCredentialUse,
  registrationOptions,
  storeChallenge,
  takeChallenge,
  unixSeconds,
  userCredentials,
  verifyAssertion,
  verifyRegistration,
} from "@/lib/auth/service/webauthn";
import {
  relyingParty,
  rpIdCoversOrigin,
  webAuthnSettings,
} from "@/lib/auth/service/webauthn-config";
import { webauthnCredentials } from "@/lib/auth/webauthn-schema";
import { withSystemContext, type Tx } from "@/lib/db/context";
import { isUuid } from "@/lib/validation/uuid";

/**
 * WebAuthn as an MFA factor (supabase-js `auth.mfa.*` with factorType "webauthn" and
 * `auth.mfa.webauthn.*`), hooked into handlers/factors.ts:
 *
 * - POST /factors {factor_type: "webauthn"} → an unverified factor.
 * - POST /factors/{id}/challenge → `webauthn.type` "create" (credential creation options)
 *   while the factor is unverified, "request" (request options for its credential) after.
 * - POST /factors/{id}/verify {challenge_id, webauthn: {type, credential_response}} → the
 *   attestation becomes the factor's credential (factor verified), or the assertion is
 *   checked; either raises the session to aal2 with amr `mfa/webauthn`.
 *
 * The `rpId` / `rpOrigins` auth-js sends are not trusted: the relying party is the
 * server's (webauthn-config.ts), as in GoTrue's current releases.
 */
export const WEBAUTHN_AMR = "mfa/webauthn";

export interface WebAuthnEnrollResponse {
  id: string;
  type: "webauthn";
  friendly_name: string;
}

export type WebAuthnChallengeResponse = {
  id: string;
  type: "webauthn";
  expires_at: number;
  webauthn:
    | {
        type: "create";
        credential_options: { publicKey: PublicKeyCredentialCreationOptionsJSON };
      }
    | {
        type: "request";
        credential_options: { publicKey: PublicKeyCredentialRequestOptionsJSON };
      };
};

const verifyDisabled = () =>
  unprocessable("mfa_webauthn_verify_not_enabled", "MFA verification is disabled for WebAuthn");

/** POST /factors with factor_type "webauthn": the same limits and aal rule as TOTP. */
export async function enrollWebAuthnFactor(
  bearer: VerifiedBearer,
  name: string | undefined,
  info: RequestInfo,
): Promise<WebAuthnEnrollResponse> {
  if (!webAuthnSettings().mfa) {
    throw unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
  }
  const friendlyName = name ?? "";
  if (friendlyName.length > 255) throw validationFailed("friendly_name is too long");
  return withSystemContext("auth: mfa webauthn enroll", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    const now = new Date();
    await removeAbandonedFactors(tx, user, now);
    await assertCanEnroll(tx, user, session, { friendlyName });
    const id = randomUUID();
    await tx.insert(mfaFactors).values({
      id,
      userId: user.id,
      friendlyName,
      factorType: "webauthn",
      status: "unverified",
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, auditActor(user, info), "factor_in_progress", {
      factor_id: id,
      factor_type: "webauthn",
    });
    return { id, type: "webauthn", friendly_name: friendlyName };
  });
}

async function factorCredential(tx: Tx, factorId: string) {
  const [row] = await tx
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.factorId, factorId))
    .for("update");
  return row;
}

/**
 * POST /factors/{id}/challenge of a WebAuthn factor (inside the caller's transaction, the
 * factor locked): creation options while unverified, request options for its credential
 * once verified. The challenge lives AUTH_MFA_CHALLENGE_EXPIRY seconds.
 */
export async function challengeWebAuthnFactor(
  tx: Tx,
  user: UserRow,
  factor: FactorRow,
  info: RequestInfo,
): Promise<WebAuthnChallengeResponse> {
  const settings = webAuthnSettings();
  if (!settings.mfa) throw verifyDisabled();
  const lifetimeSeconds = authConfig().mfaChallengeExpirySeconds;
  let rp = relyingParty(settings, info.origin);
  let webauthn: WebAuthnChallengeResponse["webauthn"];
  if (factor.status === "verified") {
    const credential = await factorCredential(tx, factor.id);
    if (!credential) throw validationFailed("The factor has no WebAuthn credential");
    if (credential.rpId !== rp.rpId) {
      // Registered under another relying party id that still covers this page's origin.
      const origins = rp.origins.filter((origin) => rpIdCoversOrigin(credential.rpId, origin));
      if (origins.length === 0) {
        throw validationFailed("This security key was registered for another site");
      }
      rp = { rpId: credential.rpId, origins };
    }
    const publicKey = await authenticationOptions(rp, [credential], lifetimeSeconds);
    webauthn = { type: "request", credential_options: { publicKey } };
  } else {
    const existing = await userCredentials(tx, user.id);
    const publicKey = await registrationOptions(
      settings,
      rp,
      user,
      existing,
      "mfa",
      lifetimeSeconds,
    );
    webauthn = { type: "create", credential_options: { publicKey } };
  }
  const challenge = await storeChallenge(tx, {
    ceremony: webauthn.type === "create" ? "mfa_registration" : "mfa_authentication",
    userId: user.id,
    factorId: factor.id,
    challenge: webauthn.credential_options.publicKey.challenge,
    rp,
    info,
    lifetimeSeconds,
  });
  await tx
    .update(mfaFactors)
    .set({ lastChallengedAt: challenge.createdAt, updatedAt: challenge.createdAt })
    .where(eq(mfaFactors.id, factor.id));
  await recordAudit(tx, auditActor(user, info), "challenge_created", {
    factor_id: factor.id,
    factor_type: "webauthn",
  });
  return {
    id: challenge.id,
    type: "webauthn",
    expires_at: unixSeconds(challenge.expiresAt),
    webauthn,
  };
}

/** Whether a POST /factors/{id}/verify body is a WebAuthn one (it carries `webauthn`). */
export function isWebAuthnVerifyBody(body: Record<string, unknown>): boolean {
  return typeof body.webauthn === "object" && body.webauthn !== null;
}

const verifyBody = z.object({
  challenge_id: nullableString,
  webauthn: z.object({
    type: nullableString,
    credential_response: z.unknown(),
  }),
});

const verificationFailed = () =>
  unprocessable("mfa_verification_failed", "WebAuthn verification failed");
const challengeNotFound = () =>
  unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found");

/**
 * POST /factors/{id}/verify of a WebAuthn factor. The challenge is taken out of the store
 * first (one answer per challenge, right or wrong); unknown, used, another factor's or of
 * the other type → 422 mfa_factor_not_found; expired → 422 mfa_challenge_expired; a
 * response that does not verify → 422 mfa_verification_failed.
 */
export async function verifyWebAuthnFactor(
  bearer: VerifiedBearer,
  raw: Record<string, unknown>,
  info: RequestInfo,
  factorId: string,
): Promise<SessionResponse> {
  if (!webAuthnSettings().mfa) throw verifyDisabled();
  const body = parseBody(verifyBody, raw);
  if (!isUuid(factorId)) throw new AuthError(404, "mfa_factor_not_found", "Factor not found");
  if (!isUuid(body.challenge_id)) {
    throw validationFailed("challenge_id must be an UUID");
  }
  const type = body.webauthn.type;
  if (type !== "create" && type !== "request") {
    throw validationFailed("WebAuthn type must be create or request");
  }
  if (body.webauthn.credential_response === undefined) {
    throw validationFailed("credential_response required");
  }
  const registration =
    type === "create" ? parseRegistrationResponse(body.webauthn.credential_response) : null;
  const assertion =
    type === "request" ? parseAuthenticationResponse(body.webauthn.credential_response) : null;
  await enforceAuthRateLimit(mfaVerifyRule(), info);
  await withSystemContext("auth: mfa webauthn factor", async (tx) => {
    const { user } = await loadBearer(tx, bearer);
    const factor = await findOwnedFactor(tx, user, factorId);
    if (factor.factorType !== "webauthn") {
      throw validationFailed("The factor is not a WebAuthn factor");
    }
  });
  const challenge = await takeChallenge(body.challenge_id, {
    ceremony: type === "create" ? "mfa_registration" : "mfa_authentication",
    userId: bearer.sub,
    factorId,
  });
  if (!challenge) throw challengeNotFound();
  if (isExpired(challenge)) {
    throw unprocessable(
      "mfa_challenge_expired",
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  return withSystemContext("auth: mfa webauthn verify", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    const factor = await findOwnedFactor(tx, user, factorId);
    if (registration) {
      if (factor.status === "verified") throw verificationFailed();
      const credential = await verifyRegistration(challenge, registration, verificationFailed);
      if (await credentialExists(tx, credential.credentialId)) {
        throw unprocessable(
          "webauthn_credential_exists",
          "This security key is registered already",
        );
      }
      await insertCredential(tx, {
        ...credential,
        userId: user.id,
        factorId: factor.id,
        rpId: challenge.rpId,
        friendlyName: factor.friendlyName,
      });
      await completeEnrolment(tx, user, factor, new Date());
    } else if (assertion) {
      const credential = await factorCredential(tx, factor.id);
      if (factor.status !== "verified" || !credential) throw verificationFailed();
      if (assertion.rawId !== credential.credentialId || assertion.id !== assertion.rawId) {
        throw verificationFailed();
      }
      const use = await verifyAssertion(challenge, assertion, credential, verificationFailed);
      await recordCredentialUse(tx, credential, use);
    }
    await recordAudit(tx, auditActor(user, info), "verification_attempted", {
      factor_id: factor.id,
      factor_type: "webauthn",
      success: true,
    });
    return raiseSessionToAal2(tx, user, session, factor.id, WEBAUTHN_AMR);
  });
}
