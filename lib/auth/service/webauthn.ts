import "server-only";
import { randomUUID } from "node:crypto";
import { isIP } from "node:net";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { unprocessable, validationFailed, type AuthError } from "@/lib/auth/service/errors";
import type { RequestInfo } from "@/lib/auth/service/http";
import type { UserRow } from "@/lib/auth/service/users";
import type { RelyingParty, WebAuthnSettings } from "@/lib/auth/service/webauthn-config";
import {
  webauthnChallenges,
  webauthnCredentials,
  type WebAuthnCeremony,
} from "@/lib/auth/webauthn-schema";
import { withSystemContext, type Tx } from "@/lib/db/context";
import { isUniqueViolation } from "@/lib/errors/app-error";

/**
 * The WebAuthn ceremonies of the built-in auth service, on @simplewebauthn/server: options
 * (a challenge stored in auth.webauthn_challenges), and verification of what the
 * authenticator answered. Shared by passkeys (handlers/passkeys.ts) and the WebAuthn MFA
 * factor (handlers/webauthn-factor.ts).
 *
 * - Passkeys are discoverable credentials with user verification (the passkey is the whole
 *   sign-in): residentKey and userVerification "required", checked at verification.
 * - MFA credentials are a second factor: user presence is enough (userVerification
 *   "preferred"), any authenticator, not necessarily discoverable.
 * - Attestation "none": passkeys from any authenticator or password manager are accepted;
 *   nothing is learnt from attestation certificates.
 * - The user handle is the UTF-8 of the user's id, as GoTrue's.
 */
export type CredentialRow = typeof webauthnCredentials.$inferSelect;
export type ChallengeRow = typeof webauthnChallenges.$inferSelect;

/** Seconds a passkey ceremony may take (an MFA one: AUTH_MFA_CHALLENGE_EXPIRY). */
export const PASSKEY_CHALLENGE_SECONDS = 300;
/** Passkeys one user may register. */
export const MAX_PASSKEYS = 25;

/** Transports kept as hints for later ceremonies (the ones WebAuthn Level 3 names). */
const KNOWN_TRANSPORTS = new Set<string>(["ble", "hybrid", "internal", "nfc", "usb"]);

export const userHandle = (userId: string) => Buffer.from(userId, "utf8");

const base64url = z
  .string()
  .min(1)
  .max(64 * 1024)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/);

const transports = z
  .array(z.string().max(32))
  .max(16)
  .nullish()
  .transform((list) =>
    (list ?? []).filter((t): t is AuthenticatorTransport => KNOWN_TRANSPORTS.has(t)),
  );

const common = {
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  clientExtensionResults: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((v) => v ?? {}),
  authenticatorAttachment: z
    .enum(["platform", "cross-platform"])
    .nullish()
    .transform((v) => v ?? undefined),
};

const registrationSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports,
  }),
});

const authenticationSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.nullish().transform((v) => v ?? undefined),
  }),
});

/** The JSON of navigator.credentials.create(); 400 validation_failed when it is not one. */
export function parseRegistrationResponse(value: unknown): RegistrationResponseJSON {
  const parsed = registrationSchema.safeParse(value);
  if (!parsed.success) throw validationFailed("Invalid credential_response");
  return parsed.data;
}

/** The JSON of navigator.credentials.get(); 400 validation_failed when it is not one. */
export function parseAuthenticationResponse(value: unknown): AuthenticationResponseJSON {
  const parsed = authenticationSchema.safeParse(value);
  if (!parsed.success) throw validationFailed("Invalid credential_response");
  return parsed.data;
}

const displayName = (user: UserRow) => {
  const metadata = user.rawUserMetaData ?? {};
  const name = metadata.full_name ?? metadata.name ?? metadata.display_name;
  return typeof name === "string" && name.trim() ? name.trim() : accountName(user);
};

/** The account name an authenticator shows: the email, else the phone, else the id. */
export const accountName = (user: UserRow) =>
  user.email || (user.phone ? `+${user.phone}` : user.id);

export async function userCredentials(tx: Tx, userId: string): Promise<CredentialRow[]> {
  return tx
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(asc(webauthnCredentials.createdAt));
}

const descriptor = (row: CredentialRow) => ({
  id: row.credentialId,
  transports: row.transports.filter((t) => KNOWN_TRANSPORTS.has(t)),
});

/**
 * Registration options: the user's credentials on this relying party are excluded (an
 * authenticator already registered says so instead of making a second credential).
 */
export async function registrationOptions(
  settings: WebAuthnSettings,
  rp: RelyingParty,
  user: UserRow,
  existing: CredentialRow[],
  kind: "passkey" | "mfa",
  timeoutSeconds: number,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: settings.rpName,
    rpID: rp.rpId,
    userName: accountName(user),
    userID: userHandle(user.id),
    userDisplayName: displayName(user),
    timeout: timeoutSeconds * 1000,
    attestationType: "none",
    excludeCredentials: existing.filter((row) => row.rpId === rp.rpId).map(descriptor),
    authenticatorSelection:
      kind === "passkey"
        ? { residentKey: "required", requireResidentKey: true, userVerification: "required" }
        : { residentKey: "discouraged", requireResidentKey: false, userVerification: "preferred" },
  });
}

/** Authentication options: discoverable (no allowCredentials) for passkeys, else the factor's. */
export async function authenticationOptions(
  rp: RelyingParty,
  allow: CredentialRow[] | null,
  timeoutSeconds: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: timeoutSeconds * 1000,
    userVerification: allow ? "preferred" : "required",
    ...(allow ? { allowCredentials: allow.map(descriptor) } : {}),
  });
}

/** Stores a ceremony's challenge (and removes expired ones, whoever's). */
export async function storeChallenge(
  tx: Tx,
  input: {
    ceremony: WebAuthnCeremony;
    userId: string | null;
    factorId: string | null;
    challenge: string;
    rp: RelyingParty;
    info: RequestInfo;
    lifetimeSeconds: number;
  },
): Promise<ChallengeRow> {
  const now = new Date();
  await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const [row] = await tx
    .insert(webauthnChallenges)
    .values({
      id: randomUUID(),
      ceremony: input.ceremony,
      userId: input.userId,
      factorId: input.factorId,
      challenge: input.challenge,
      rpId: input.rp.rpId,
      origins: input.rp.origins,
      ipAddress: isIP(input.info.ip) ? input.info.ip : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.lifetimeSeconds * 1000),
    })
    .returning();
  if (!row) throw new Error("Challenge insert returned no row.");
  return row;
}

/**
 * Takes a challenge out of the store in a transaction of its own, committed whatever the
 * verification then decides: a challenge answers once. Only a row matching `where` (its
 * ceremony, user, factor) is taken; anyone else's stays.
 */
export async function takeChallenge(
  id: string,
  match: { ceremony: WebAuthnCeremony; userId?: string; factorId?: string },
): Promise<ChallengeRow | undefined> {
  return withSystemContext("auth: webauthn challenge", async (tx) => {
    const conditions = [
      eq(webauthnChallenges.id, id),
      eq(webauthnChallenges.ceremony, match.ceremony),
    ];
    if (match.userId) conditions.push(eq(webauthnChallenges.userId, match.userId));
    if (match.factorId) conditions.push(eq(webauthnChallenges.factorId, match.factorId));
    const [row] = await tx
      .delete(webauthnChallenges)
      .where(and(...conditions))
      .returning();
    return row;
  });
}

export const isExpired = (row: ChallengeRow, now = new Date()) =>
  row.expiresAt.getTime() <= now.getTime();

export interface NewCredential {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  aaguid: string | null;
  backupEligible: boolean;
  backedUp: boolean;
}

const ZERO_AAGUID = "00000000-0000-0000-0000-000000000000";

/**
 * What an authenticator's answer must match: its challenge's value, one of its origins, its
 * relying party id hash, and user verification for a passkey (a ceremony of an MFA factor
 * asks for presence only).
 */
const expectations = (challenge: ChallengeRow) => ({
  expectedChallenge: challenge.challenge,
  expectedOrigin: challenge.origins,
  expectedRPID: challenge.rpId,
  requireUserVerification:
    challenge.ceremony === "passkey_registration" ||
    challenge.ceremony === "passkey_authentication",
});

/**
 * Checks an attestation against its challenge: type, challenge, origin, relying party id
 * hash, user presence (and verification for passkeys), the attestation statement and the
 * key's algorithm. Any failure → `failure` (the caller's error).
 */
export async function verifyRegistration(
  challenge: ChallengeRow,
  response: RegistrationResponseJSON,
  failure: () => AuthError,
): Promise<NewCredential> {
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({ response, ...expectations(challenge) });
  } catch {
    throw failure();
  }
  if (!result.verified) throw failure();
  const { credential, aaguid, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    signCount: credential.counter,
    transports: (credential.transports ?? response.response.transports ?? []).filter((t) =>
      KNOWN_TRANSPORTS.has(t),
    ),
    aaguid: aaguid && aaguid !== ZERO_AAGUID ? aaguid : null,
    backupEligible: credentialDeviceType === "multiDevice",
    backedUp: credentialBackedUp,
  };
}

/**
 * Checks an assertion by `credential` against its challenge (type, challenge, origin, rp id
 * hash, presence, verification for passkeys, the signature, and a signature counter that
 * must grow when the authenticator keeps one). Answers the new counter and backup state.
 */
export async function verifyAssertion(
  challenge: ChallengeRow,
  response: AuthenticationResponseJSON,
  credential: CredentialRow,
  failure: () => AuthError,
): Promise<{ signCount: number; backedUp: boolean }> {
  if (credential.rpId !== challenge.rpId) throw failure();
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      ...expectations(challenge),
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, "base64url")),
        counter: credential.signCount,
        transports: credential.transports as AuthenticatorTransport[],
      },
    });
  } catch {
    throw failure();
  }
  if (!result.verified) throw failure();
  return {
    signCount: result.authenticationInfo.newCounter,
    backedUp: result.authenticationInfo.credentialBackedUp,
  };
}

/** Whether a credential id is registered already (by anyone, for any use). */
export async function credentialExists(tx: Tx, credentialId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: webauthnCredentials.id })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.credentialId, credentialId));
  return !!row;
}

export async function insertCredential(
  tx: Tx,
  input: NewCredential & {
    userId: string;
    factorId: string | null;
    rpId: string;
    friendlyName: string | null;
  },
): Promise<CredentialRow> {
  const now = new Date();
  let row: CredentialRow | undefined;
  try {
    [row] = await tx
      .insert(webauthnCredentials)
      .values({ id: randomUUID(), ...input, createdAt: now, updatedAt: now })
      .returning();
  } catch (error) {
    // Two registrations of one authenticator at once: the second meets the unique id.
    if (isUniqueViolation(error, "webauthn_credentials_credential_id_key")) {
      throw unprocessable("webauthn_credential_exists", "This credential is registered already");
    }
    throw error;
  }
  if (!row) throw new Error("Credential insert returned no row.");
  return row;
}

/** Records a use: the new signature counter, the backup state, last_used_at. */
export async function recordCredentialUse(
  tx: Tx,
  credential: CredentialRow,
  use: { signCount: number; backedUp: boolean },
): Promise<void> {
  const now = new Date();
  await tx
    .update(webauthnCredentials)
    .set({ signCount: use.signCount, backedUp: use.backedUp, lastUsedAt: now, updatedAt: now })
    .where(eq(webauthnCredentials.id, credential.id));
}

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
