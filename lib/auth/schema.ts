import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  inet,
  json,
  jsonb,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * The tables of the built-in auth service, in Supabase Auth's (GoTrue's) column layout so
 * that a database moved to a Supabase project (or SQL written for one) finds what it expects.
 * Only the service touches them, from a system context: RLS is on and no policy exists, so
 * `anon` and `authenticated` see nothing. The migration that creates them is guarded: on a
 * Supabase project, where the auth schema is already populated, it does nothing.
 *
 * Differences from GoTrue, on purpose: refresh_tokens.token and refresh_tokens.parent hold a
 * SHA-256 of the token (never the token itself); auth.signing_keys is ours.
 */
export const authSchema = pgSchema("auth");

export const aalLevel = authSchema.enum("aal_level", ["aal1", "aal2", "aal3"]);
export const factorType = authSchema.enum("factor_type", ["totp", "webauthn", "phone"]);
export const factorStatus = authSchema.enum("factor_status", ["unverified", "verified"]);
export const codeChallengeMethod = authSchema.enum("code_challenge_method", ["s256", "plain"]);
export const oneTimeTokenType = authSchema.enum("one_time_token_type", [
  "confirmation_token",
  "reauthentication_token",
  "recovery_token",
  "email_change_token_new",
  "email_change_token_current",
  "phone_change_token",
]);

const tz = { withTimezone: true } as const;

export const users = authSchema
  .table(
    "users",
    {
      instanceId: uuid("instance_id"),
      id: uuid("id").primaryKey().notNull(),
      aud: varchar("aud", { length: 255 }),
      role: varchar("role", { length: 255 }),
      email: varchar("email", { length: 255 }),
      encryptedPassword: varchar("encrypted_password", { length: 255 }),
      emailConfirmedAt: timestamp("email_confirmed_at", tz),
      invitedAt: timestamp("invited_at", tz),
      confirmationToken: varchar("confirmation_token", { length: 255 }),
      confirmationSentAt: timestamp("confirmation_sent_at", tz),
      recoveryToken: varchar("recovery_token", { length: 255 }),
      recoverySentAt: timestamp("recovery_sent_at", tz),
      emailChangeTokenNew: varchar("email_change_token_new", { length: 255 }),
      emailChange: varchar("email_change", { length: 255 }),
      emailChangeSentAt: timestamp("email_change_sent_at", tz),
      lastSignInAt: timestamp("last_sign_in_at", tz),
      rawAppMetaData: jsonb("raw_app_meta_data").$type<Record<string, unknown>>(),
      rawUserMetaData: jsonb("raw_user_meta_data").$type<Record<string, unknown>>(),
      isSuperAdmin: boolean("is_super_admin"),
      createdAt: timestamp("created_at", tz),
      updatedAt: timestamp("updated_at", tz),
      phone: text("phone").default(sql`null`),
      phoneConfirmedAt: timestamp("phone_confirmed_at", tz),
      phoneChange: text("phone_change").default(""),
      phoneChangeToken: varchar("phone_change_token", { length: 255 }).default(""),
      phoneChangeSentAt: timestamp("phone_change_sent_at", tz),
      confirmedAt: timestamp("confirmed_at", tz).generatedAlwaysAs(
        sql`least(email_confirmed_at, phone_confirmed_at)`,
      ),
      emailChangeTokenCurrent: varchar("email_change_token_current", { length: 255 }).default(""),
      emailChangeConfirmStatus: smallint("email_change_confirm_status").default(0),
      bannedUntil: timestamp("banned_until", tz),
      reauthenticationToken: varchar("reauthentication_token", { length: 255 }).default(""),
      reauthenticationSentAt: timestamp("reauthentication_sent_at", tz),
      isSsoUser: boolean("is_sso_user").notNull().default(false),
      deletedAt: timestamp("deleted_at", tz),
      isAnonymous: boolean("is_anonymous").notNull().default(false),
    },
    (t) => [
      unique("users_phone_key").on(t.phone),
      uniqueIndex("users_email_partial_key")
        .on(t.email)
        .where(sql`is_sso_user = false`),
      index("users_instance_id_idx").on(t.instanceId),
      index("users_instance_id_email_idx").on(t.instanceId, sql`lower((email)::text)`),
      index("users_is_anonymous_idx").on(t.isAnonymous),
    ],
  )
  .enableRLS();

export const identities = authSchema
  .table(
    "identities",
    {
      providerId: text("provider_id").notNull(),
      userId: uuid("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      identityData: jsonb("identity_data").$type<Record<string, unknown>>().notNull(),
      provider: text("provider").notNull(),
      lastSignInAt: timestamp("last_sign_in_at", tz),
      createdAt: timestamp("created_at", tz),
      updatedAt: timestamp("updated_at", tz),
      email: text("email").generatedAlwaysAs(sql`lower((identity_data ->> 'email'::text))`),
      id: uuid("id").primaryKey().defaultRandom(),
    },
    (t) => [
      unique("identities_provider_id_provider_unique").on(t.providerId, t.provider),
      index("identities_user_id_idx").on(t.userId),
      index("identities_email_idx").on(t.email),
    ],
  )
  .enableRLS();

export const sessions = authSchema
  .table(
    "sessions",
    {
      id: uuid("id").primaryKey().notNull(),
      userId: uuid("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      createdAt: timestamp("created_at", tz),
      updatedAt: timestamp("updated_at", tz),
      factorId: uuid("factor_id"),
      aal: aalLevel("aal"),
      notAfter: timestamp("not_after", tz),
      refreshedAt: timestamp("refreshed_at"),
      userAgent: text("user_agent"),
      ip: inet("ip"),
      tag: text("tag"),
    },
    (t) => [
      index("sessions_user_id_idx").on(t.userId),
      index("user_id_created_at_idx").on(t.userId, t.createdAt),
      index("sessions_not_after_idx").on(t.notAfter),
    ],
  )
  .enableRLS();

export const refreshTokens = authSchema
  .table(
    "refresh_tokens",
    {
      instanceId: uuid("instance_id"),
      id: bigserial("id", { mode: "number" }).primaryKey(),
      token: varchar("token", { length: 255 }),
      userId: varchar("user_id", { length: 255 }),
      revoked: boolean("revoked"),
      createdAt: timestamp("created_at", tz),
      updatedAt: timestamp("updated_at", tz),
      parent: varchar("parent", { length: 255 }),
      sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    },
    (t) => [
      unique("refresh_tokens_token_unique").on(t.token),
      index("refresh_tokens_instance_id_idx").on(t.instanceId),
      index("refresh_tokens_instance_id_user_id_idx").on(t.instanceId, t.userId),
      index("refresh_tokens_parent_idx").on(t.parent),
      index("refresh_tokens_session_id_revoked_idx").on(t.sessionId, t.revoked),
      index("refresh_tokens_updated_at_idx").on(t.updatedAt),
    ],
  )
  .enableRLS();

export const mfaFactors = authSchema
  .table(
    "mfa_factors",
    {
      id: uuid("id").primaryKey().notNull(),
      userId: uuid("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      friendlyName: text("friendly_name"),
      factorType: factorType("factor_type").notNull(),
      status: factorStatus("status").notNull(),
      createdAt: timestamp("created_at", tz).notNull(),
      updatedAt: timestamp("updated_at", tz).notNull(),
      secret: text("secret"),
      phone: text("phone"),
      lastChallengedAt: timestamp("last_challenged_at", tz),
      webAuthnCredential: jsonb("web_authn_credential"),
      webAuthnAaguid: uuid("web_authn_aaguid"),
    },
    (t) => [
      unique("mfa_factors_last_challenged_at_key").on(t.lastChallengedAt),
      uniqueIndex("mfa_factors_user_friendly_name_unique")
        .on(t.friendlyName, t.userId)
        .where(sql`trim(friendly_name) <> ''`),
      index("factor_id_created_at_idx").on(t.userId, t.createdAt),
      index("mfa_factors_user_id_idx").on(t.userId),
      uniqueIndex("unique_phone_factor_per_user").on(t.userId, t.phone),
    ],
  )
  .enableRLS();

export const mfaChallenges = authSchema
  .table(
    "mfa_challenges",
    {
      id: uuid("id").primaryKey().notNull(),
      factorId: uuid("factor_id")
        .notNull()
        .references(() => mfaFactors.id, { onDelete: "cascade" }),
      createdAt: timestamp("created_at", tz).notNull(),
      verifiedAt: timestamp("verified_at", tz),
      ipAddress: inet("ip_address").notNull(),
      otpCode: text("otp_code"),
      webAuthnSessionData: jsonb("web_authn_session_data"),
    },
    (t) => [
      index("mfa_challenge_created_at_idx").on(t.createdAt),
      // Covers the factor foreign key (deleting a factor cascades here).
      index("mfa_challenges_factor_id_idx").on(t.factorId),
    ],
  )
  .enableRLS();

export const mfaAmrClaims = authSchema
  .table(
    "mfa_amr_claims",
    {
      sessionId: uuid("session_id")
        .notNull()
        .references(() => sessions.id, { onDelete: "cascade" }),
      createdAt: timestamp("created_at", tz).notNull(),
      updatedAt: timestamp("updated_at", tz).notNull(),
      authenticationMethod: text("authentication_method").notNull(),
      id: uuid("id").notNull(),
    },
    (t) => [
      primaryKey({ name: "amr_id_pk", columns: [t.id] }),
      unique("mfa_amr_claims_session_id_authentication_method_pkey").on(
        t.sessionId,
        t.authenticationMethod,
      ),
    ],
  )
  .enableRLS();

export const flowState = authSchema
  .table(
    "flow_state",
    {
      id: uuid("id").primaryKey().notNull(),
      userId: uuid("user_id"),
      authCode: text("auth_code").notNull(),
      codeChallengeMethod: codeChallengeMethod("code_challenge_method").notNull(),
      codeChallenge: text("code_challenge").notNull(),
      providerType: text("provider_type").notNull(),
      providerAccessToken: text("provider_access_token"),
      providerRefreshToken: text("provider_refresh_token"),
      createdAt: timestamp("created_at", tz),
      updatedAt: timestamp("updated_at", tz),
      authenticationMethod: text("authentication_method").notNull(),
      authCodeIssuedAt: timestamp("auth_code_issued_at", tz),
    },
    (t) => [
      index("idx_auth_code").on(t.authCode),
      index("idx_user_id_auth_method").on(t.userId, t.authenticationMethod),
      index("flow_state_created_at_idx").on(t.createdAt),
    ],
  )
  .enableRLS();

export const oneTimeTokens = authSchema
  .table(
    "one_time_tokens",
    {
      id: uuid("id").primaryKey().notNull(),
      userId: uuid("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      tokenType: oneTimeTokenType("token_type").notNull(),
      tokenHash: text("token_hash").notNull(),
      relatesTo: text("relates_to").notNull(),
      createdAt: timestamp("created_at").notNull().defaultNow(),
      updatedAt: timestamp("updated_at").notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex("one_time_tokens_user_id_token_type_key").on(t.userId, t.tokenType),
      index("one_time_tokens_token_hash_hash_idx").using("hash", t.tokenHash),
      index("one_time_tokens_relates_to_hash_idx").using("hash", t.relatesTo),
    ],
  )
  .enableRLS();

export const auditLogEntries = authSchema
  .table(
    "audit_log_entries",
    {
      instanceId: uuid("instance_id"),
      id: uuid("id").primaryKey().notNull(),
      payload: json("payload").$type<Record<string, unknown>>(),
      createdAt: timestamp("created_at", tz),
      ipAddress: varchar("ip_address", { length: 64 }).notNull().default(""),
    },
    (t) => [index("audit_logs_instance_id_idx").on(t.instanceId)],
  )
  .enableRLS();

/**
 * Ours: the ES256 keys that sign access tokens and the API keys. Created once (first use)
 * and kept; the newest active key signs, every active key is published in the JWKS. ECDSA
 * signatures are randomised, so the API keys are signed once and stored: every instance
 * hands out the same ones.
 */
export const signingKeys = authSchema
  .table("signing_keys", {
    kid: text("kid").primaryKey(),
    algorithm: text("algorithm").notNull().default("ES256"),
    /** Null when the private key is given by the AUTH_SIGNING_KEY setting (never stored). */
    privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>(),
    publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
    /** The long-lived anon and service_role API keys, signed once with this key. */
    anonKey: text("anon_key").notNull(),
    serviceRoleKey: text("service_role_key").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  })
  .enableRLS();

/**
 * Ours: the replay store of Sign in with Solana. One row per signed message that signed
 * someone in (SHA-256 of the message); a second use of the same message is refused. Rows
 * are useless once the message is too old to be accepted (expires_at) and are then removed.
 */
export const web3SignedMessages = authSchema
  .table(
    "web3_signed_messages",
    {
      messageHash: text("message_hash").primaryKey(),
      address: text("address").notNull(),
      expiresAt: timestamp("expires_at", tz).notNull(),
      createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    },
    (t) => [index("web3_signed_messages_expires_at_idx").on(t.expiresAt)],
  )
  .enableRLS();

/**
 * Ours: TOTP replay protection. The last time step whose code verified each factor; a code
 * of that step or an earlier one is refused (RFC 6238 §5.2). One row per TOTP factor.
 */
export const mfaTotpSteps = authSchema
  .table("mfa_totp_steps", {
    factorId: uuid("factor_id")
      .primaryKey()
      .references(() => mfaFactors.id, { onDelete: "cascade" }),
    lastStep: bigint("last_step", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  })
  .enableRLS();
