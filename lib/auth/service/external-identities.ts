import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { identities, users } from "@/lib/auth/schema";
import { recordAudit } from "@/lib/auth/service/audit";
import { authConfig } from "@/lib/auth/service/config";
import { AuthError, forbidden, unprocessable } from "@/lib/auth/service/errors";
import { withProviders } from "@/lib/auth/service/app-metadata";
import type { RequestInfo } from "@/lib/auth/service/http";
import { auditName } from "@/lib/auth/service/sessions";
import {
  findUserByEmail,
  findUserById,
  isBanned,
  type IdentityRow,
  type UserRow,
} from "@/lib/auth/service/users";
import type { Tx } from "@/lib/db/context";

/**
 * Identities proved by someone else (a Google id token, a signed Solana message): GoTrue's
 * account linking. A known identity signs its user in; otherwise a verified email links it
 * to the user holding that address; otherwise a new user is created. Linking to a signed-in
 * user (linkIdentity) refuses an identity that already belongs to someone.
 */
export interface ExternalIdentity {
  /** identities.provider: "google", "web3". */
  provider: string;
  /** identities.provider_id: Google's sub, "web3:solana:<address>". */
  providerId: string;
  identityData: Record<string, unknown>;
  /** Lower-cased address the provider vouches for (absent for web3). */
  email?: string;
  emailVerified: boolean;
}

const banned = () => forbidden("user_banned", "User is banned");

async function findIdentity(tx: Tx, external: ExternalIdentity): Promise<IdentityRow | undefined> {
  const [row] = await tx
    .select()
    .from(identities)
    .where(
      and(
        eq(identities.provider, external.provider),
        eq(identities.providerId, external.providerId),
      ),
    );
  return row;
}

async function insertIdentity(tx: Tx, user: UserRow, external: ExternalIdentity, now: Date) {
  await tx.insert(identities).values({
    providerId: external.providerId,
    userId: user.id,
    provider: external.provider,
    identityData: external.identityData,
    lastSignInAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

async function saveUser(
  tx: Tx,
  user: UserRow,
  changes: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [updated] = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

function unverifiedEmail(provider: string) {
  return unprocessable(
    "provider_email_needs_verification",
    `Unverified email with ${provider}. This server sends no confirmation message; sign in with a verified address`,
  );
}

/** Signs in with an external identity: the known user, a linked one, or a new one. */
export async function userForExternalIdentity(
  tx: Tx,
  external: ExternalIdentity,
  info: RequestInfo,
): Promise<UserRow> {
  const now = new Date();
  const known = await findIdentity(tx, external);
  if (known) {
    await tx
      .update(identities)
      .set({ identityData: external.identityData, lastSignInAt: now, updatedAt: now })
      .where(eq(identities.id, known.id));
    const user = await findUserById(tx, known.userId);
    if (!user) throw forbidden("user_not_found", "User not found");
    if (isBanned(user)) throw banned();
    return user;
  }

  const owner =
    external.email && external.emailVerified
      ? await findUserByEmail(tx, external.email)
      : undefined;
  if (owner && !owner.isAnonymous) {
    if (isBanned(owner)) throw banned();
    await insertIdentity(tx, owner, external, now);
    const changes: Partial<typeof users.$inferInsert> = {};
    if (!owner.emailConfirmedAt && !owner.phoneConfirmedAt) {
      // Whoever signed up with this address never proved it; the provider just did. Their
      // password and other identities go (GoTrue: no pre-account takeover).
      await tx
        .delete(identities)
        .where(and(eq(identities.userId, owner.id), ne(identities.provider, external.provider)));
      changes.encryptedPassword = "";
      changes.emailConfirmedAt = now;
    }
    changes.rawAppMetaData = await withProviders(tx, owner, external.provider);
    return saveUser(tx, owner, changes);
  }

  // A new user. An unverified address already held by someone is left out (GoTrue).
  let email = external.email;
  if (email && !external.emailVerified) {
    if (!authConfig().mailerAutoconfirm) throw unverifiedEmail(external.provider);
    if (await findUserByEmail(tx, email)) email = undefined;
  }
  if (email && owner) email = undefined;
  const [user] = await tx
    .insert(users)
    .values({
      id: randomUUID(),
      aud: "authenticated",
      role: "authenticated",
      email: email ?? null,
      emailConfirmedAt: email ? now : null,
      rawAppMetaData: { provider: external.provider, providers: [external.provider] },
      rawUserMetaData: external.identityData,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!user) throw new Error("User insert returned no row.");
  await insertIdentity(tx, user, external, now);
  await recordAudit(tx, { id: user.id, username: auditName(user), ip: info.ip }, "user_signedup", {
    provider: external.provider,
  });
  return user;
}

/**
 * Linking and unlinking identities need AUTH_SECURITY_MANUAL_LINKING_ENABLED (GoTrue's
 * SECURITY_MANUAL_LINKING_ENABLED): off → 404 manual_linking_disabled, as GoTrue answers.
 */
export function assertManualLinkingEnabled(): void {
  if (!authConfig().manualLinking) {
    throw new AuthError(404, "manual_linking_disabled", "Manual linking is disabled");
  }
}

/** Adds an external identity to the signed-in user (linkIdentity with an id token). */
export async function linkExternalIdentity(
  tx: Tx,
  user: UserRow,
  external: ExternalIdentity,
): Promise<UserRow> {
  assertManualLinkingEnabled();
  const known = await findIdentity(tx, external);
  if (known) {
    throw unprocessable(
      "identity_already_exists",
      known.userId === user.id
        ? "Identity is already linked"
        : "Identity is already linked to another user",
    );
  }
  const now = new Date();
  await insertIdentity(tx, user, external, now);
  const changes: Partial<typeof users.$inferInsert> = {
    rawAppMetaData: await withProviders(tx, user, external.provider),
  };
  if (!user.email && external.email && external.emailVerified) {
    const holder = await findUserByEmail(tx, external.email);
    if (!holder) {
      changes.email = external.email;
      changes.emailConfirmedAt = now;
    }
  }
  if (user.isAnonymous) changes.isAnonymous = false;
  return saveUser(tx, user, changes);
}
