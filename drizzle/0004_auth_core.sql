-- The built-in auth service's tables (lib/auth/schema.ts), in Supabase Auth's layout.
-- Guarded by hand after drizzle-kit generate: the auth schema already exists (0000), and on
-- a Supabase project its tables do too; there nothing of theirs is created or replaced.
DO $$
BEGIN
  IF to_regclass('auth.users') IS NULL THEN
    CREATE TYPE "auth"."aal_level" AS ENUM('aal1', 'aal2', 'aal3');
    CREATE TYPE "auth"."code_challenge_method" AS ENUM('s256', 'plain');
    CREATE TYPE "auth"."factor_status" AS ENUM('unverified', 'verified');
    CREATE TYPE "auth"."factor_type" AS ENUM('totp', 'webauthn', 'phone');
    CREATE TYPE "auth"."one_time_token_type" AS ENUM('confirmation_token', 'reauthentication_token', 'recovery_token', 'email_change_token_new', 'email_change_token_current', 'phone_change_token');
    CREATE TABLE "auth"."audit_log_entries" (
    	"instance_id" uuid,
    	"id" uuid PRIMARY KEY NOT NULL,
    	"payload" json,
    	"created_at" timestamp with time zone,
    	"ip_address" varchar(64) DEFAULT '' NOT NULL
    );
    ALTER TABLE "auth"."audit_log_entries" ENABLE ROW LEVEL SECURITY;
    CREATE TABLE "auth"."flow_state" (
    	"id" uuid PRIMARY KEY NOT NULL,
    	"user_id" uuid,
    	"auth_code" text NOT NULL,
    	"code_challenge_method" "auth"."code_challenge_method" NOT NULL,
    	"code_challenge" text NOT NULL,
    	"provider_type" text NOT NULL,
    	"provider_access_token" text,
    	"provider_refresh_token" text,
    	"created_at" timestamp with time zone,
    	"updated_at" timestamp with time zone,
    	"authentication_method" text NOT NULL,
    	"auth_code_issued_at" timestamp with time zone
    );
    ALTER TABLE "auth"."flow_state" ENABLE ROW LEVEL SECURITY;
    CREATE TABLE "auth"."identities" (
    	"provider_id" text NOT NULL,
    	"user_id" uuid NOT NULL,
    	"identity_data" jsonb NOT NULL,
    	"provider" text NOT NULL,
    	"last_sign_in_at" timestamp with time zone,
    	"created_at" timestamp with time zone,
    	"updated_at" timestamp with time zone,
    	"email" text GENERATED ALWAYS AS (lower((identity_data ->> 'email'::text))) STORED,
    	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    	CONSTRAINT "identities_provider_id_provider_unique" UNIQUE("provider_id","provider")
    );
    ALTER TABLE "auth"."identities" ENABLE ROW LEVEL SECURITY;
    CREATE TABLE "auth"."mfa_amr_claims" (
    	"session_id" uuid NOT NULL,
    	"created_at" timestamp with time zone NOT NULL,
    	"updated_at" timestamp with time zone NOT NULL,
    	"authentication_method" text NOT NULL,
    	"id" uuid NOT NULL,
    	CONSTRAINT "amr_id_pk" PRIMARY KEY("id"),
    	CONSTRAINT "mfa_amr_claims_session_id_authentication_method_pkey" UNIQUE("session_id","authentication_method")
    );
    ALTER TABLE "auth"."mfa_amr_claims" ENABLE ROW LEVEL SECURITY;
    CREATE TABLE "auth"."mfa_challenges" (
    	"id" uuid PRIMARY KEY NOT NULL,
    	"factor_id" uuid NOT NULL,
    	"created_at" timestamp with time zone NOT NULL,
    	"verified_at" timestamp with time zone,
    	"ip_address" "inet" NOT NULL,
    	"otp_code" text,
    	"web_authn_session_data" jsonb
    );
    ALTER TABLE "auth"."mfa_challenges" ENABLE ROW LEVEL SECURITY;
    CREATE TABLE "auth"."mfa_factors" (
    	"id" uuid PRIMARY KEY NOT NULL,
    	"user_id" uuid NOT NULL,
    	"friendly_name" text,
    	"factor_type" "auth"."factor_type" NOT NULL,
    	"status" "auth"."factor_status" NOT NULL,
    	"created_at" timestamp with time zone NOT NULL,
    	"updated_at" timestamp with time zone NOT NULL,
    	"secret" text,
    	"phone" text,
    	"last_challenged_at" timestamp with time zone,
    	"web_authn_credential" jsonb,
    	"web_authn_aaguid" uuid,
    	CONSTRAINT "mfa_factors_last_challenged_at_key" UNIQUE("last_challenged_at")
    );
    ALTER TABLE "auth"."mfa_factors" ENABLE ROW LEVEL SECURITY;
    CREATE TABLE "auth"."one_time_tokens" (
    	"id" uuid PRIMARY KEY NOT NULL,
    	"user_id" uuid NOT NULL,
    	"token_type" "auth"."one_time_token_type" NOT NULL,
    	"token_hash" text NOT NULL,
    	"relates_to" text NOT NULL,
    	"created_at" timestamp DEFAULT now() NOT NULL,
    	"updated_at" timestamp DEFAULT now() NOT NULL
    );
    ALTER TABLE "auth"."one_time_tokens" ENABLE ROW LEVEL SECURITY;
    CREATE TABLE "auth"."refresh_tokens" (
    	"instance_id" uuid,
    	"id" bigserial PRIMARY KEY NOT NULL,
    	"token" varchar(255),
    	"user_id" varchar(255),
    	"revoked" boolean,
    	"created_at" timestamp with time zone,
    	"updated_at" timestamp with time zone,
    	"parent" varchar(255),
    	"session_id" uuid,
    	CONSTRAINT "refresh_tokens_token_unique" UNIQUE("token")
    );
    ALTER TABLE "auth"."refresh_tokens" ENABLE ROW LEVEL SECURITY;
    CREATE TABLE "auth"."sessions" (
    	"id" uuid PRIMARY KEY NOT NULL,
    	"user_id" uuid NOT NULL,
    	"created_at" timestamp with time zone,
    	"updated_at" timestamp with time zone,
    	"factor_id" uuid,
    	"aal" "auth"."aal_level",
    	"not_after" timestamp with time zone,
    	"refreshed_at" timestamp,
    	"user_agent" text,
    	"ip" "inet",
    	"tag" text
    );
    ALTER TABLE "auth"."sessions" ENABLE ROW LEVEL SECURITY;
    CREATE TABLE "auth"."users" (
    	"instance_id" uuid,
    	"id" uuid PRIMARY KEY NOT NULL,
    	"aud" varchar(255),
    	"role" varchar(255),
    	"email" varchar(255),
    	"encrypted_password" varchar(255),
    	"email_confirmed_at" timestamp with time zone,
    	"invited_at" timestamp with time zone,
    	"confirmation_token" varchar(255),
    	"confirmation_sent_at" timestamp with time zone,
    	"recovery_token" varchar(255),
    	"recovery_sent_at" timestamp with time zone,
    	"email_change_token_new" varchar(255),
    	"email_change" varchar(255),
    	"email_change_sent_at" timestamp with time zone,
    	"last_sign_in_at" timestamp with time zone,
    	"raw_app_meta_data" jsonb,
    	"raw_user_meta_data" jsonb,
    	"is_super_admin" boolean,
    	"created_at" timestamp with time zone,
    	"updated_at" timestamp with time zone,
    	"phone" text DEFAULT null,
    	"phone_confirmed_at" timestamp with time zone,
    	"phone_change" text DEFAULT '',
    	"phone_change_token" varchar(255) DEFAULT '',
    	"phone_change_sent_at" timestamp with time zone,
    	"confirmed_at" timestamp with time zone GENERATED ALWAYS AS (least(email_confirmed_at, phone_confirmed_at)) STORED,
    	"email_change_token_current" varchar(255) DEFAULT '',
    	"email_change_confirm_status" smallint DEFAULT 0,
    	"banned_until" timestamp with time zone,
    	"reauthentication_token" varchar(255) DEFAULT '',
    	"reauthentication_sent_at" timestamp with time zone,
    	"is_sso_user" boolean DEFAULT false NOT NULL,
    	"deleted_at" timestamp with time zone,
    	"is_anonymous" boolean DEFAULT false NOT NULL,
    	CONSTRAINT "users_phone_key" UNIQUE("phone")
    );
    ALTER TABLE "auth"."users" ENABLE ROW LEVEL SECURITY;
    ALTER TABLE "auth"."identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "auth"."mfa_amr_claims" ADD CONSTRAINT "mfa_amr_claims_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "auth"."sessions"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "auth"."mfa_challenges" ADD CONSTRAINT "mfa_challenges_factor_id_mfa_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "auth"."mfa_factors"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "auth"."mfa_factors" ADD CONSTRAINT "mfa_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "auth"."one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "auth"."refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "auth"."sessions"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "auth"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;
    CREATE INDEX "audit_logs_instance_id_idx" ON "auth"."audit_log_entries" USING btree ("instance_id");
    CREATE INDEX "idx_auth_code" ON "auth"."flow_state" USING btree ("auth_code");
    CREATE INDEX "idx_user_id_auth_method" ON "auth"."flow_state" USING btree ("user_id","authentication_method");
    CREATE INDEX "flow_state_created_at_idx" ON "auth"."flow_state" USING btree ("created_at");
    CREATE INDEX "identities_user_id_idx" ON "auth"."identities" USING btree ("user_id");
    CREATE INDEX "identities_email_idx" ON "auth"."identities" USING btree ("email");
    CREATE INDEX "mfa_challenge_created_at_idx" ON "auth"."mfa_challenges" USING btree ("created_at");
    CREATE UNIQUE INDEX "mfa_factors_user_friendly_name_unique" ON "auth"."mfa_factors" USING btree ("friendly_name","user_id") WHERE trim(friendly_name) <> '';
    CREATE INDEX "factor_id_created_at_idx" ON "auth"."mfa_factors" USING btree ("user_id","created_at");
    CREATE INDEX "mfa_factors_user_id_idx" ON "auth"."mfa_factors" USING btree ("user_id");
    CREATE UNIQUE INDEX "unique_phone_factor_per_user" ON "auth"."mfa_factors" USING btree ("user_id","phone");
    CREATE UNIQUE INDEX "one_time_tokens_user_id_token_type_key" ON "auth"."one_time_tokens" USING btree ("user_id","token_type");
    CREATE INDEX "one_time_tokens_token_hash_hash_idx" ON "auth"."one_time_tokens" USING hash ("token_hash");
    CREATE INDEX "one_time_tokens_relates_to_hash_idx" ON "auth"."one_time_tokens" USING hash ("relates_to");
    CREATE INDEX "refresh_tokens_instance_id_idx" ON "auth"."refresh_tokens" USING btree ("instance_id");
    CREATE INDEX "refresh_tokens_instance_id_user_id_idx" ON "auth"."refresh_tokens" USING btree ("instance_id","user_id");
    CREATE INDEX "refresh_tokens_parent_idx" ON "auth"."refresh_tokens" USING btree ("parent");
    CREATE INDEX "refresh_tokens_session_id_revoked_idx" ON "auth"."refresh_tokens" USING btree ("session_id","revoked");
    CREATE INDEX "refresh_tokens_updated_at_idx" ON "auth"."refresh_tokens" USING btree ("updated_at");
    CREATE INDEX "sessions_user_id_idx" ON "auth"."sessions" USING btree ("user_id");
    CREATE INDEX "user_id_created_at_idx" ON "auth"."sessions" USING btree ("user_id","created_at");
    CREATE INDEX "sessions_not_after_idx" ON "auth"."sessions" USING btree ("not_after");
    CREATE UNIQUE INDEX "users_email_partial_key" ON "auth"."users" USING btree ("email") WHERE is_sso_user = false;
    CREATE INDEX "users_instance_id_idx" ON "auth"."users" USING btree ("instance_id");
    CREATE INDEX "users_instance_id_email_idx" ON "auth"."users" USING btree ("instance_id",lower((email)::text));
    CREATE INDEX "users_is_anonymous_idx" ON "auth"."users" USING btree ("is_anonymous");
  END IF;
END
$$;
--> statement-breakpoint
-- Our signing keys (ES256) live beside them; skipped with a warning where the auth schema
-- belongs to another role (a Supabase project whose hosted auth signs the tokens).
DO $$
BEGIN
  IF to_regclass('auth.signing_keys') IS NULL THEN
    CREATE TABLE "auth"."signing_keys" (
    	"kid" text PRIMARY KEY NOT NULL,
    	"algorithm" text DEFAULT 'ES256' NOT NULL,
    	"private_jwk" jsonb,
    	"public_jwk" jsonb NOT NULL,
    	"anon_key" text NOT NULL,
    	"service_role_key" text NOT NULL,
    	"active" boolean DEFAULT true NOT NULL,
    	"created_at" timestamp with time zone DEFAULT now() NOT NULL
    );
    ALTER TABLE "auth"."signing_keys" ENABLE ROW LEVEL SECURITY;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'auth.signing_keys not created: %', SQLERRM;
END
$$;
