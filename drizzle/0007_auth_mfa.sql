-- TOTP replay protection of the built-in auth service (lib/auth/schema.ts, mfa_totp_steps).
-- Guarded by hand after drizzle-kit generate, like auth.web3_signed_messages in 0005: created
-- only when missing, and skipped with a warning where the auth schema belongs to another role
-- (a Supabase project, whose hosted auth serves MFA itself).
DO $$
BEGIN
  IF to_regclass('auth.mfa_totp_steps') IS NULL THEN
    CREATE TABLE "auth"."mfa_totp_steps" (
    	"factor_id" uuid PRIMARY KEY NOT NULL,
    	"last_step" bigint NOT NULL,
    	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
    );
    ALTER TABLE "auth"."mfa_totp_steps" ENABLE ROW LEVEL SECURITY;
    ALTER TABLE "auth"."mfa_totp_steps" ADD CONSTRAINT "mfa_totp_steps_factor_id_mfa_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "auth"."mfa_factors"("id") ON DELETE cascade ON UPDATE no action;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'auth.mfa_totp_steps not created: %', SQLERRM;
END
$$;
