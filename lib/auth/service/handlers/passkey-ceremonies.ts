import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "@/lib/auth/service/audit";
import { auditActor } from "@/lib/auth/service/audit-actor";
import { loadBearer, verifyBearer } from "@/lib/auth/service/bearer";
import { badRequest, unprocessable, validationFailed } from "@/lib/auth/service/errors";
import { readJsonBody, type RequestInfo } from "@/lib/auth/service/http";
import { enforceAuthRateLimit, type AuthRateRule } from "@/lib/auth/service/limits";
import {
  assertMayChangePasskeys,
  assertPasskeysEnabled,
  passkeyItem,
  userPasskeys,
  type PasskeyListItem,
} from "@/lib/auth/service/passkeys";
import { createSession, type SessionResponse } from "@/lib/auth/service/sessions";
import { findUserById, isBanned } from "@/lib/auth/service/users";
import { nullableString, parseBody } from "@/lib/auth/service/validation";
import {
  authenticationOptions,
  credentialExists,
  insertCredential,
  isExpired,
  MAX_PASSKEYS,
  parseAuthenticationResponse,
  parseRegistrationResponse,
  PASSKEY_CHALLENGE_SECONDS,
  recordCredentialUse,
  registrationOptions,
  storeChallenge,
  takeChallenge,
  unixSeconds,
  userCredentials,
  userHandle,
  verifyAssertion,
  verifyRegistration,
} from "@/lib/auth/service/webauthn";
import {
  relyingParty,
  webAuthnSettings,
  type RelyingParty,
} from "@/lib/auth/service/webauthn-config";
import { webauthnCredentials, type WebAuthnCeremony } from "@/lib/auth/webauthn-schema";
import { withSystemContext, type Tx } from "@/lib/db/context";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The passkey ceremonies (supabase-js `registerPasskey`, `signInWithPasskey`): options, then
 * the authenticator's answer verified against them.
 *
 * - POST /passkeys/registration/options, /passkeys/registration/verify (Bearer)
 * - POST /passkeys/authentication/options, /passkeys/authentication/verify (a session)
 */

/** Options (either ceremony) and verifications, per client address. */
export const PASSKEY_OPTIONS_RULE: AuthRateRule = {
  name: "passkey-options",
  limit: 60,
  windowSeconds: 300,
};
export const PASSKEY_VERIFY_RULE: AuthRateRule = {
  name: "passkey-verify",
  limit: 60,
  windowSeconds: 300,
};

const challengeNotFound = () =>
  unprocessable("webauthn_challenge_not_found", "WebAuthn challenge not found");
const challengeExpired = () =>
  unprocessable("webauthn_challenge_expired", "WebAuthn challenge has expired");
const verificationFailed = () =>
  unprocessable("webauthn_verification_failed", "WebAuthn verification failed");

/**
 * Stores the challenge of a ceremony's options (PASSKEY_CHALLENGE_SECONDS) and answers
 * `{challenge_id, options, expires_at}`.
 */
async function issueOptions<Options extends { challenge: string }>(
  tx: Tx,
  ceremony: Extract<WebAuthnCeremony, "passkey_registration" | "passkey_authentication">,
  userId: string | null,
  options: Options,
  rp: RelyingParty,
  info: RequestInfo,
) {
  const challenge = await storeChallenge(tx, {
    ceremony,
    userId,
    factorId: null,
    challenge: options.challenge,
    rp,
    info,
    lifetimeSeconds: PASSKEY_CHALLENGE_SECONDS,
  });
  return { challenge_id: challenge.id, options, expires_at: unixSeconds(challenge.expiresAt) };
}

const verifyBody = z.object({
  challenge_id: nullableString,
  credential: z.unknown(),
});

function challengeIdOf(body: { challenge_id?: string }): string {
  if (!isUuid(body.challenge_id)) {
    throw validationFailed("challenge_id must be an UUID");
  }
  return body.challenge_id;
}

/** POST /passkeys/registration/options: creation options for a new passkey of the Bearer. */
export async function registrationOptionsHandler(request: Request, info: RequestInfo) {
  assertPasskeysEnabled();
  const bearer = await verifyBearer(request);
  await readJsonBody(request);
  await enforceAuthRateLimit(PASSKEY_OPTIONS_RULE, info);
  const settings = webAuthnSettings();
  const rp = relyingParty(settings, info.origin);
  return withSystemContext("auth: passkey registration options", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    if (user.isAnonymous) throw validationFailed("Anonymous users cannot register passkeys");
    await assertMayChangePasskeys(tx, user, session);
    const existing = await userCredentials(tx, user.id);
    if (existing.filter((row) => row.factorId === null).length >= MAX_PASSKEYS) {
      throw unprocessable("too_many_passkeys", `A user may register ${MAX_PASSKEYS} passkeys`);
    }
    const options = await registrationOptions(
      settings,
      rp,
      user,
      existing,
      "passkey",
      PASSKEY_CHALLENGE_SECONDS,
    );
    return issueOptions(tx, "passkey_registration", user.id, options, rp, info);
  });
}

/** POST /passkeys/registration/verify: the authenticator's attestation becomes a passkey. */
export async function registrationVerifyHandler(
  request: Request,
  info: RequestInfo,
): Promise<PasskeyListItem> {
  assertPasskeysEnabled();
  const bearer = await verifyBearer(request);
  const body = parseBody(verifyBody, await readJsonBody(request));
  const challengeId = challengeIdOf(body);
  const response = parseRegistrationResponse(body.credential);
  await enforceAuthRateLimit(PASSKEY_VERIFY_RULE, info);
  const challenge = await takeChallenge(challengeId, {
    ceremony: "passkey_registration",
    userId: bearer.sub,
  });
  if (!challenge) throw challengeNotFound();
  if (isExpired(challenge)) throw challengeExpired();
  const credential = await verifyRegistration(challenge, response, verificationFailed);
  return withSystemContext("auth: passkey registration", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    await assertMayChangePasskeys(tx, user, session);
    if (await credentialExists(tx, credential.credentialId)) {
      throw unprocessable("webauthn_credential_exists", "This passkey is registered already");
    }
    if ((await userPasskeys(tx, user.id)).length >= MAX_PASSKEYS) {
      throw unprocessable("too_many_passkeys", `A user may register ${MAX_PASSKEYS} passkeys`);
    }
    const row = await insertCredential(tx, {
      ...credential,
      userId: user.id,
      factorId: null,
      rpId: challenge.rpId,
      friendlyName: null,
    });
    await recordAudit(tx, auditActor(user, info), "passkey_created", { passkey_id: row.id });
    return passkeyItem(row);
  });
}

/** POST /passkeys/authentication/options: a discoverable-credential challenge (no user). */
export async function authenticationOptionsHandler(request: Request, info: RequestInfo) {
  assertPasskeysEnabled();
  await readJsonBody(request);
  await enforceAuthRateLimit(PASSKEY_OPTIONS_RULE, info);
  const rp = relyingParty(webAuthnSettings(), info.origin);
  return withSystemContext("auth: passkey authentication options", async (tx) => {
    const options = await authenticationOptions(rp, null, PASSKEY_CHALLENGE_SECONDS);
    return issueOptions(tx, "passkey_authentication", null, options, rp, info);
  });
}

/**
 * POST /passkeys/authentication/verify: the assertion of a registered passkey signs its
 * user in (a new session, amr `passkey`, aal1: a user with MFA still takes that step).
 * Unknown credential, a user handle that is not the credential's, a bad signature or a
 * counter that went back → 422 webauthn_verification_failed.
 */
export async function authenticationVerifyHandler(
  request: Request,
  info: RequestInfo,
): Promise<SessionResponse> {
  assertPasskeysEnabled();
  const body = parseBody(verifyBody, await readJsonBody(request));
  const challengeId = challengeIdOf(body);
  const response = parseAuthenticationResponse(body.credential);
  await enforceAuthRateLimit(PASSKEY_VERIFY_RULE, info);
  const challenge = await takeChallenge(challengeId, { ceremony: "passkey_authentication" });
  if (!challenge) throw challengeNotFound();
  if (isExpired(challenge)) throw challengeExpired();
  return withSystemContext("auth: passkey sign-in", async (tx) => {
    const [credential] = await tx
      .select()
      .from(webauthnCredentials)
      .where(
        and(
          eq(webauthnCredentials.credentialId, response.rawId),
          isNull(webauthnCredentials.factorId),
        ),
      )
      .for("update");
    if (!credential || response.id !== response.rawId) throw verificationFailed();
    const handle = response.response.userHandle;
    if (handle && !Buffer.from(handle, "base64url").equals(userHandle(credential.userId))) {
      throw verificationFailed();
    }
    const use = await verifyAssertion(challenge, response, credential, verificationFailed);
    const user = await findUserById(tx, credential.userId);
    if (!user) throw verificationFailed();
    if (isBanned(user)) throw badRequest("user_banned", "User is banned");
    await recordCredentialUse(tx, credential, use);
    const session = await createSession(tx, user, "passkey", info);
    await recordAudit(tx, auditActor(user, info), "login", { provider: "passkey" });
    return session;
  });
}
