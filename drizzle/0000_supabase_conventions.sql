-- Supabase conventions, created only where missing so the same migrations run on a plain
-- PostgreSQL, on PGlite and on a Supabase project (which already has all of this; nothing
-- of theirs is replaced). Roles are cluster-wide: several databases of one server share them.
DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['anon', 'authenticated', 'service_role'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      BEGIN
        EXECUTE format('CREATE ROLE %I NOLOGIN NOINHERIT', r);
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL; -- created meanwhile by a migration of another database of this server
      END;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- service_role skips RLS, as on Supabase (only a superuser may grant that attribute).
DO $$
BEGIN
  IF NOT (SELECT rolbypassrls FROM pg_roles WHERE rolname = 'service_role')
     AND (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER ROLE service_role BYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
-- The app connects as the schema owner and switches role per transaction; a non-superuser
-- owner must be a member of the roles it switches to.
DO $$
DECLARE
  r text;
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    FOREACH r IN ARRAY ARRAY['anon', 'authenticated', 'service_role'] LOOP
      IF NOT pg_has_role(current_user, r, 'MEMBER') THEN
        BEGIN
          EXECUTE format('GRANT %I TO %I', r, current_user);
        EXCEPTION WHEN insufficient_privilege THEN
          RAISE WARNING 'cannot grant % to %: user contexts will fail', r, current_user;
        END;
      END IF;
    END LOOP;
  END IF;
END
$$;
--> statement-breakpoint
-- The auth schema and its helpers, the way Supabase defines them: they read the claims the
-- request context publishes in request.jwt.claims.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'auth') THEN
    CREATE SCHEMA auth;
    GRANT USAGE ON SCHEMA auth TO anon, authenticated, service_role;
  END IF;
  IF to_regprocedure('auth.uid()') IS NULL THEN
    CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS $fn$
      SELECT coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
      )::uuid
    $fn$;
    GRANT EXECUTE ON FUNCTION auth.uid() TO anon, authenticated, service_role;
  END IF;
  IF to_regprocedure('auth.role()') IS NULL THEN
    CREATE FUNCTION auth.role() RETURNS text LANGUAGE sql STABLE AS $fn$
      SELECT coalesce(
        nullif(current_setting('request.jwt.claim.role', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
      )::text
    $fn$;
    GRANT EXECUTE ON FUNCTION auth.role() TO anon, authenticated, service_role;
  END IF;
  IF to_regprocedure('auth.jwt()') IS NULL THEN
    CREATE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE AS $fn$
      SELECT coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
      )::jsonb
    $fn$;
    GRANT EXECUTE ON FUNCTION auth.jwt() TO anon, authenticated, service_role;
  END IF;
END
$$;
--> statement-breakpoint
-- Our own helpers live in schema app.
CREATE SCHEMA IF NOT EXISTS app;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public, app TO anon, authenticated, service_role;
--> statement-breakpoint
-- Table grants as on Supabase: every role may reach every table; RLS (on for all of them)
-- then decides which rows. Applies to objects the migrating role creates from now on.
ALTER DEFAULT PRIVILEGES IN SCHEMA public, app
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO anon, authenticated, service_role;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public, app
  GRANT USAGE, SELECT ON SEQUENCES TO anon, authenticated, service_role;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public, app
  GRANT EXECUTE ON FUNCTIONS TO anon, authenticated, service_role;
