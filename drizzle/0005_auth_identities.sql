-- The replay store of Sign in with Solana (lib/auth/schema.ts, web3_signed_messages).
-- Guarded by hand after drizzle-kit generate, like auth.signing_keys in 0004: created only
-- when missing, and skipped with a warning where the auth schema belongs to another role
-- (a Supabase project, whose hosted auth serves web3 itself).
DO $$
BEGIN
  IF to_regclass('auth.web3_signed_messages') IS NULL THEN
    CREATE TABLE "auth"."web3_signed_messages" (
    	"message_hash" text PRIMARY KEY NOT NULL,
    	"address" text NOT NULL,
    	"expires_at" timestamp with time zone NOT NULL,
    	"created_at" timestamp with time zone DEFAULT now() NOT NULL
    );
    ALTER TABLE "auth"."web3_signed_messages" ENABLE ROW LEVEL SECURITY;
    CREATE INDEX "web3_signed_messages_expires_at_idx" ON "auth"."web3_signed_messages" USING btree ("expires_at");
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'auth.web3_signed_messages not created: %', SQLERRM;
END
$$;
