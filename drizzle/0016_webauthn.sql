-- WebAuthn of the built-in auth service (lib/auth/webauthn-schema.ts): passkeys and the
-- credentials of WebAuthn MFA factors, and the pending ceremonies (challenges). Written by
-- hand and guarded like auth.mfa_totp_steps in 0007: created only when missing, and skipped
-- with a warning where the auth schema belongs to another role (a Supabase project, whose
-- hosted auth serves passkeys itself). RLS on, no policies: anon and authenticated see nothing.
DO $$
BEGIN
  IF to_regclass('auth.webauthn_credentials') IS NULL THEN
    CREATE TABLE "auth"."webauthn_credentials" (
    	"id" uuid PRIMARY KEY NOT NULL,
    	"user_id" uuid NOT NULL,
    	"factor_id" uuid,
    	"credential_id" text NOT NULL,
    	"public_key" text NOT NULL,
    	"sign_count" bigint DEFAULT 0 NOT NULL,
    	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
    	"aaguid" uuid,
    	"rp_id" text NOT NULL,
    	"backup_eligible" boolean DEFAULT false NOT NULL,
    	"backed_up" boolean DEFAULT false NOT NULL,
    	"friendly_name" text,
    	"created_at" timestamp with time zone NOT NULL,
    	"updated_at" timestamp with time zone NOT NULL,
    	"last_used_at" timestamp with time zone,
    	CONSTRAINT "webauthn_credentials_factor_id_key" UNIQUE("factor_id"),
    	CONSTRAINT "webauthn_credentials_credential_id_key" UNIQUE("credential_id")
    );
    ALTER TABLE "auth"."webauthn_credentials" ENABLE ROW LEVEL SECURITY;
    ALTER TABLE "auth"."webauthn_credentials" ADD CONSTRAINT "webauthn_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "auth"."webauthn_credentials" ADD CONSTRAINT "webauthn_credentials_factor_id_mfa_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "auth"."mfa_factors"("id") ON DELETE cascade ON UPDATE no action;
    CREATE INDEX "webauthn_credentials_user_id_idx" ON "auth"."webauthn_credentials" USING btree ("user_id");
  END IF;
  IF to_regclass('auth.webauthn_challenges') IS NULL THEN
    CREATE TABLE "auth"."webauthn_challenges" (
    	"id" uuid PRIMARY KEY NOT NULL,
    	"ceremony" text NOT NULL,
    	"user_id" uuid,
    	"factor_id" uuid,
    	"challenge" text NOT NULL,
    	"rp_id" text NOT NULL,
    	"origins" text[] NOT NULL,
    	"ip_address" inet,
    	"created_at" timestamp with time zone NOT NULL,
    	"expires_at" timestamp with time zone NOT NULL,
    	CONSTRAINT "webauthn_challenges_ceremony_check" CHECK ("ceremony" in ('passkey_registration', 'passkey_authentication', 'mfa_registration', 'mfa_authentication'))
    );
    ALTER TABLE "auth"."webauthn_challenges" ENABLE ROW LEVEL SECURITY;
    ALTER TABLE "auth"."webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "auth"."webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_factor_id_mfa_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "auth"."mfa_factors"("id") ON DELETE cascade ON UPDATE no action;
    CREATE INDEX "webauthn_challenges_expires_at_idx" ON "auth"."webauthn_challenges" USING btree ("expires_at");
    CREATE INDEX "webauthn_challenges_user_id_idx" ON "auth"."webauthn_challenges" USING btree ("user_id");
    CREATE INDEX "webauthn_challenges_factor_id_idx" ON "auth"."webauthn_challenges" USING btree ("factor_id");
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'auth WebAuthn tables not created: %', SQLERRM;
END
$$;
