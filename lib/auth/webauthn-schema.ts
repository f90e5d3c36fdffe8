import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, inet, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authSchema, mfaFactors, users } from "@/lib/auth/schema";

/**
 * Ours: the WebAuthn tables of the built-in auth service (migration 0016_webauthn.sql,
 * guarded like the other tables of ours in the auth schema). Only the service touches them,
 * from a system context: RLS is on and no policy exists.
 *
 * One credential table for both uses: a passkey (`factor_id` null: signs in on its own) and
 * the credential of a WebAuthn MFA factor (`factor_id` set: only ever a second factor).
 * Removing the factor or the user removes the credential.
 */
const tz = { withTimezone: true } as const;

export const webauthnCredentials = authSchema
  .table(
    "webauthn_credentials",
    {
      id: uuid("id").primaryKey().notNull(),
      userId: uuid("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      factorId: uuid("factor_id")
        .unique("webauthn_credentials_factor_id_key")
        .references(() => mfaFactors.id, { onDelete: "cascade" }),
      /** The credential id as the authenticator gave it, base64url. */
      credentialId: text("credential_id")
        .notNull()
        .unique("webauthn_credentials_credential_id_key"),
      /** The COSE public key, base64url. */
      publicKey: text("public_key").notNull(),
      signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
      transports: text("transports")
        .array()
        .notNull()
        .default(sql`'{}'::text[]`),
      aaguid: uuid("aaguid"),
      /** The relying party id the credential is bound to (the browser checks it too). */
      rpId: text("rp_id").notNull(),
      backupEligible: boolean("backup_eligible").notNull().default(false),
      backedUp: boolean("backed_up").notNull().default(false),
      friendlyName: text("friendly_name"),
      createdAt: timestamp("created_at", tz).notNull(),
      updatedAt: timestamp("updated_at", tz).notNull(),
      lastUsedAt: timestamp("last_used_at", tz),
    },
    (t) => [index("webauthn_credentials_user_id_idx").on(t.userId)],
  )
  .enableRLS();

export const WEBAUTHN_CEREMONIES = [
  "passkey_registration",
  "passkey_authentication",
  "mfa_registration",
  "mfa_authentication",
] as const;
export type WebAuthnCeremony = (typeof WEBAUTHN_CEREMONIES)[number];

/**
 * A pending ceremony: the challenge handed out by an options (or MFA challenge) request and
 * what its answer must match. Used once: verification deletes the row first, whatever its
 * outcome. Expired rows are removed by the next options request.
 */
export const webauthnChallenges = authSchema
  .table(
    "webauthn_challenges",
    {
      id: uuid("id").primaryKey().notNull(),
      ceremony: text("ceremony").$type<WebAuthnCeremony>().notNull(),
      /** Registration and MFA: the user the ceremony is for. Passkey sign-in: null. */
      userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
      factorId: uuid("factor_id").references(() => mfaFactors.id, { onDelete: "cascade" }),
      /** base64url, as it appears in the client data. */
      challenge: text("challenge").notNull(),
      rpId: text("rp_id").notNull(),
      /** Origins the client data may name (the request's own origin when it sent one). */
      origins: text("origins").array().notNull(),
      ipAddress: inet("ip_address"),
      createdAt: timestamp("created_at", tz).notNull(),
      expiresAt: timestamp("expires_at", tz).notNull(),
    },
    (t) => [
      index("webauthn_challenges_expires_at_idx").on(t.expiresAt),
      index("webauthn_challenges_user_id_idx").on(t.userId),
      index("webauthn_challenges_factor_id_idx").on(t.factorId),
      check(
        "webauthn_challenges_ceremony_check",
        sql`${t.ceremony} in ('passkey_registration', 'passkey_authentication', 'mfa_registration', 'mfa_authentication')`,
      ),
    ],
  )
  .enableRLS();
