import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin } from "@/lib/auth/service/admin-bearer";
import { recordAudit } from "@/lib/auth/service/audit";
import { loadBearer, verifyBearer } from "@/lib/auth/service/bearer";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, badRequest, unprocessable, validationFailed } from "@/lib/auth/service/errors";
import {
  emptyResponse,
  jsonResponse,
  readJsonBody,
  type RequestInfo,
} from "@/lib/auth/service/http";
import { enforceAuthRateLimit, type AuthRateRule } from "@/lib/auth/service/limits";
import { userFactors } from "@/lib/auth/service/mfa-factors";
import {
  auditName,
  createSession,
  type SessionResponse,
  type SessionRow,
} from "@/lib/auth/service/sessions";
import { findUserById, isBanned, type UserRow } from "@/lib/auth/service/users";
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
  type CredentialRow,
} from "@/lib/auth/service/webauthn";
import { relyingParty, webAuthnSettings } from "@/lib/auth/service/webauthn-config";
import { webauthnCredentials } from "@/lib/auth/webauthn-schema";
import { withSystemContext, type Tx } from "@/lib/db/context";

/**
 * Passkeys (supabase-js `auth.passkey.*`, `signInWithPasskey`, `registerPasskey`,
 * `auth.admin.passkey.*`; docs/auth.md "WebAuthn"):
 *
 * - POST /passkeys/registration/options, /passkeys/registration/verify (Bearer)
 * - POST /passkeys/authentication/options, /passkeys/authentication/verify (a session)
 * - GET /passkeys, PATCH and DELETE /passkeys/{id} (Bearer)
 * - GET /admin/users/{id}/passkeys, DELETE /admin/users/{id}/passkeys/{passkey id}
 */
type Handler = (request: Request, info: RequestInfo) => Promise<Response>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_NAME_LENGTH = 120;

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

export interface PasskeyListItem {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
}

export function passkeyItem(row: CredentialRow): PasskeyListItem {
  return {
    id: row.id,
    ...(row.friendlyName ? { friendly_name: row.friendlyName } : {}),
    created_at: row.createdAt.toISOString(),
    ...(row.lastUsedAt ? { last_used_at: row.lastUsedAt.toISOString() } : {}),
  };
}

const passkeysDisabled = () =>
  new AuthError(404, "passkey_disabled", "Passkey authentication is disabled");
const challengeNotFound = () =>
  unprocessable("webauthn_challenge_not_found", "WebAuthn challenge not found");
const challengeExpired = () =>
  unprocessable("webauthn_challenge_expired", "WebAuthn challenge has expired");
const verificationFailed = () =>
  unprocessable("webauthn_verification_failed", "WebAuthn verification failed");
const passkeyNotFound = () =>
  new AuthError(404, "webauthn_credential_not_found", "Passkey not found");

function assertEnabled(): void {
  if (!webAuthnSettings().passkeys) throw passkeysDisabled();
}

const actor = (user: UserRow, info: RequestInfo) => ({
  id: user.id,
  username: auditName(user),
  ip: info.ip,
});

async function userPasskeys(tx: Tx, userId: string): Promise<CredentialRow[]> {
  return tx
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, userId), isNull(webauthnCredentials.factorId)))
    .orderBy(asc(webauthnCredentials.createdAt));
}

async function findPasskey(tx: Tx, userId: string, id: string): Promise<CredentialRow> {
  if (!UUID.test(id)) throw passkeyNotFound();
  const [row] = await tx
    .select()
    .from(webauthnCredentials)
    .where(
      and(
        eq(webauthnCredentials.id, id),
        eq(webauthnCredentials.userId, userId),
        isNull(webauthnCredentials.factorId),
      ),
    )
    .for("update");
  if (!row) throw passkeyNotFound();
  return row;
}

/**
 * Changing a user's passkeys is a change of their sign-in methods: a user with a verified
 * MFA factor needs an aal2 session for it (as for enrolling and removing factors).
 */
async function assertMayChangePasskeys(tx: Tx, user: UserRow, session: SessionRow): Promise<void> {
  if (session.aal === "aal2") return;
  const factors = await userFactors(tx, user.id);
  if (factors.some((factor) => factor.status === "verified")) {
    throw unprocessable("insufficient_aal", "AAL2 required to change passkeys");
  }
}

const verifyBody = z.object({
  challenge_id: nullableString,
  credential: z.unknown(),
});

function challengeIdOf(body: { challenge_id?: string }): string {
  if (!body.challenge_id || !UUID.test(body.challenge_id)) {
    throw validationFailed("challenge_id must be an UUID");
  }
  return body.challenge_id;
}

/** POST /passkeys/registration/options: creation options for a new passkey of the Bearer. */
async function registrationOptionsHandler(request: Request, info: RequestInfo) {
  assertEnabled();
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
    const challenge = await storeChallenge(tx, {
      ceremony: "passkey_registration",
      userId: user.id,
      factorId: null,
      challenge: options.challenge,
      rp,
      info,
      lifetimeSeconds: PASSKEY_CHALLENGE_SECONDS,
    });
    return { challenge_id: challenge.id, options, expires_at: unixSeconds(challenge.expiresAt) };
  });
}

/** POST /passkeys/registration/verify: the authenticator's attestation becomes a passkey. */
async function registrationVerifyHandler(request: Request, info: RequestInfo) {
  assertEnabled();
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
    await recordAudit(tx, actor(user, info), "passkey_created", { passkey_id: row.id });
    return passkeyItem(row);
  });
}

/** POST /passkeys/authentication/options: a discoverable-credential challenge (no user). */
async function authenticationOptionsHandler(request: Request, info: RequestInfo) {
  assertEnabled();
  await readJsonBody(request);
  await enforceAuthRateLimit(PASSKEY_OPTIONS_RULE, info);
  const rp = relyingParty(webAuthnSettings(), info.origin);
  return withSystemContext("auth: passkey authentication options", async (tx) => {
    const options = await authenticationOptions(rp, null, PASSKEY_CHALLENGE_SECONDS);
    const challenge = await storeChallenge(tx, {
      ceremony: "passkey_authentication",
      userId: null,
      factorId: null,
      challenge: options.challenge,
      rp,
      info,
      lifetimeSeconds: PASSKEY_CHALLENGE_SECONDS,
    });
    return { challenge_id: challenge.id, options, expires_at: unixSeconds(challenge.expiresAt) };
  });
}

/**
 * POST /passkeys/authentication/verify: the assertion of a registered passkey signs its
 * user in (a new session, amr `passkey`, aal1: a user with MFA still takes that step).
 * Unknown credential, a user handle that is not the credential's, a bad signature or a
 * counter that went back → 422 webauthn_verification_failed.
 */
async function authenticationVerifyHandler(
  request: Request,
  info: RequestInfo,
): Promise<SessionResponse> {
  assertEnabled();
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
    await recordAudit(tx, actor(user, info), "login", { provider: "passkey" });
    return session;
  });
}

/** GET /passkeys: the Bearer's passkeys, oldest first. */
async function listHandler(request: Request) {
  assertEnabled();
  const bearer = await verifyBearer(request);
  return withSystemContext("auth: passkey list", async (tx) => {
    const { user } = await loadBearer(tx, bearer);
    return (await userPasskeys(tx, user.id)).map(passkeyItem);
  });
}

const updateBody = z.object({ friendly_name: nullableString });

/** PATCH /passkeys/{id}: renames (1–120 characters). */
async function updateHandler(request: Request, info: RequestInfo, id: string) {
  assertEnabled();
  const bearer = await verifyBearer(request);
  const body = parseBody(updateBody, await readJsonBody(request));
  const name = body.friendly_name?.trim() ?? "";
  if (!name) throw validationFailed("friendly_name is required");
  if (name.length > MAX_NAME_LENGTH) {
    throw validationFailed(`friendly_name cannot be longer than ${MAX_NAME_LENGTH} characters`);
  }
  return withSystemContext("auth: passkey update", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    const passkey = await findPasskey(tx, user.id, id);
    await assertMayChangePasskeys(tx, user, session);
    const [row] = await tx
      .update(webauthnCredentials)
      .set({ friendlyName: name, updatedAt: new Date() })
      .where(eq(webauthnCredentials.id, passkey.id))
      .returning();
    await recordAudit(tx, actor(user, info), "passkey_updated", { passkey_id: passkey.id });
    return passkeyItem(row ?? passkey);
  });
}

/** DELETE /passkeys/{id}: 204. */
async function deleteHandler(request: Request, info: RequestInfo, id: string): Promise<void> {
  assertEnabled();
  const bearer = await verifyBearer(request);
  await withSystemContext("auth: passkey delete", async (tx) => {
    const { user, session } = await loadBearer(tx, bearer);
    const passkey = await findPasskey(tx, user.id, id);
    await assertMayChangePasskeys(tx, user, session);
    await tx.delete(webauthnCredentials).where(eq(webauthnCredentials.id, passkey.id));
    await recordAudit(tx, actor(user, info), "passkey_deleted", { passkey_id: passkey.id });
  });
}

async function adminUser(tx: Tx, userId: string): Promise<UserRow> {
  const user = UUID.test(userId) ? await findUserById(tx, userId) : undefined;
  if (!user) throw new AuthError(404, "user_not_found", "User not found");
  return user;
}

/** GET /admin/users/{id}/passkeys (service_role). */
async function adminListHandler(request: Request, userId: string) {
  assertEnabled();
  await requireAdmin(request);
  return withSystemContext("auth: admin passkey list", async (tx) => {
    const user = await adminUser(tx, userId);
    return (await userPasskeys(tx, user.id)).map(passkeyItem);
  });
}

/** DELETE /admin/users/{id}/passkeys/{passkey id} (service_role): 204. */
async function adminDeleteHandler(
  request: Request,
  info: RequestInfo,
  userId: string,
  id: string,
): Promise<void> {
  assertEnabled();
  await requireAdmin(request);
  await withSystemContext("auth: admin passkey delete", async (tx) => {
    const user = await adminUser(tx, userId);
    const passkey = await findPasskey(tx, user.id, id);
    await tx.delete(webauthnCredentials).where(eq(webauthnCredentials.id, passkey.id));
    await recordAudit(tx, actor(user, info), "passkey_deleted", {
      passkey_id: passkey.id,
      by_admin: true,
    });
  });
}

/** The handler of a passkey path (router.ts asks before its own tables), or undefined. */
export function passkeyRoute(method: string, path: string[]): Handler | undefined {
  const origin = () => authConfig().siteOrigin;
  const json =
    (handler: (request: Request, info: RequestInfo) => Promise<unknown>): Handler =>
    async (request, info) =>
      jsonResponse(info, origin(), await handler(request, info));
  const empty =
    (handler: (request: Request, info: RequestInfo) => Promise<void>): Handler =>
    async (request, info) => {
      await handler(request, info);
      return emptyResponse(info, origin());
    };
  const [root, second, third, fourth, fifth] = path;
  if (root === "passkeys") {
    if (path.length === 1 && method === "GET") return json((request) => listHandler(request));
    if (path.length === 3 && method === "POST") {
      const key = `${second}/${third}`;
      if (key === "registration/options") return json(registrationOptionsHandler);
      if (key === "registration/verify") return json(registrationVerifyHandler);
      if (key === "authentication/options") return json(authenticationOptionsHandler);
      if (key === "authentication/verify") return json(authenticationVerifyHandler);
    }
    if (path.length === 2 && second) {
      if (method === "PATCH") return json((request, info) => updateHandler(request, info, second));
      if (method === "DELETE") {
        return empty((request, info) => deleteHandler(request, info, second));
      }
    }
    return undefined;
  }
  if (root === "admin" && second === "users" && third && fourth === "passkeys") {
    if (path.length === 4 && method === "GET") {
      return json((request) => adminListHandler(request, third));
    }
    if (path.length === 5 && fifth && method === "DELETE") {
      return empty((request, info) => adminDeleteHandler(request, info, third, fifth));
    }
  }
  return undefined;
}
