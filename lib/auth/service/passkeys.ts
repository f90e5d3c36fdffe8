import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { AuthError, unprocessable } from "@/lib/auth/service/errors";
import { userFactors } from "@/lib/auth/service/mfa-factors";
import type { SessionRow } from "@/lib/auth/service/sessions";
import type { UserRow } from "@/lib/auth/service/users";
import type { CredentialRow } from "@/lib/auth/service/webauthn";
import { webAuthnSettings } from "@/lib/auth/service/webauthn-config";
import { webauthnCredentials } from "@/lib/auth/webauthn-schema";
import type { Tx } from "@/lib/db/context";
import { isUuid } from "@/lib/validation/uuid";

/**
 * A user's passkeys (WebAuthn credentials with no MFA factor) as the passkey endpoints read
 * and change them: handlers/passkey-ceremonies.ts (registration, sign-in) and
 * handlers/passkeys.ts (list, rename, delete, admin).
 */

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

/** Every passkey endpoint answers 404 passkey_disabled while AUTH_PASSKEYS is off. */
export function assertPasskeysEnabled(): void {
  if (!webAuthnSettings().passkeys) {
    throw new AuthError(404, "passkey_disabled", "Passkey authentication is disabled");
  }
}

export async function userPasskeys(tx: Tx, userId: string): Promise<CredentialRow[]> {
  return tx
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, userId), isNull(webauthnCredentials.factorId)))
    .orderBy(asc(webauthnCredentials.createdAt));
}

/** The user's passkey, locked for the rest of the transaction; anyone else's → 404. */
export async function findPasskey(tx: Tx, userId: string, id: string): Promise<CredentialRow> {
  const passkeyNotFound = () =>
    new AuthError(404, "webauthn_credential_not_found", "Passkey not found");
  if (!isUuid(id)) throw passkeyNotFound();
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
export async function assertMayChangePasskeys(
  tx: Tx,
  user: UserRow,
  session: SessionRow,
): Promise<void> {
  if (session.aal === "aal2") return;
  const factors = await userFactors(tx, user.id);
  if (factors.some((factor) => factor.status === "verified")) {
    throw unprocessable("insufficient_aal", "AAL2 required to change passkeys");
  }
}
