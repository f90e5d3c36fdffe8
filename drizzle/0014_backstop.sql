DROP INDEX "role_permissions_organisation_idx";--> statement-breakpoint
DROP INDEX "schedule_exceptions_organisation_idx";--> statement-breakpoint
CREATE INDEX "mfa_challenges_factor_id_idx" ON "auth"."mfa_challenges" USING btree ("factor_id");--> statement-breakpoint
CREATE INDEX "organisation_files_parent_id_idx" ON "organisation_files" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "employments_organisation_role_idx" ON "employments" USING btree ("organisation_id","role_id");--> statement-breakpoint
CREATE INDEX "invitations_role_idx" ON "invitations" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "invitations_organisation_role_idx" ON "invitations" USING btree ("organisation_id","role_id");--> statement-breakpoint
CREATE INDEX "organisations_logo_file_idx" ON "organisations" USING btree ("id","logo_file_id") WHERE "organisations"."logo_file_id" is not null;--> statement-breakpoint
CREATE INDEX "role_permissions_organisation_role_idx" ON "role_permissions" USING btree ("organisation_id","role_id");--> statement-breakpoint
CREATE INDEX "schedule_exceptions_organisation_schedule_idx" ON "schedule_exceptions" USING btree ("organisation_id","schedule_id");--> statement-breakpoint
DROP POLICY "audit_entries_insert_own" ON "audit_entries" CASCADE;--> statement-breakpoint
-- ── Custom SQL (drizzle-kit tracks none of what follows; it never drops it) ───────────────
-- The login role of user requests (docs/data-layer.md, "Database roles"). User and anonymous
-- contexts log in as app_authenticator, which holds nothing itself (NOINHERIT) and may only
-- SET ROLE to anon or authenticated: neither it nor any role it can reach is a superuser or
-- has BYPASSRLS, so nothing done on that connection escapes RLS, not even after RESET ROLE.
-- Our own name, not Supabase's `authenticator` (which may become service_role). Roles are
-- cluster-wide and migrations of other databases may run at the same time: create only
-- where missing and accept losing that race.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_authenticator') THEN
    BEGIN
      CREATE ROLE app_authenticator LOGIN NOINHERIT NOSUPERUSER NOBYPASSRLS NOCREATEDB
        NOCREATEROLE NOREPLICATION;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN
        NULL;
      WHEN insufficient_privilege THEN
        RAISE WARNING 'cannot create role app_authenticator: create it (LOGIN NOINHERIT) or set DATABASE_USER_URL';
    END;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  r text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_authenticator') THEN
    FOREACH r IN ARRAY ARRAY['anon', 'authenticated'] LOOP
      IF NOT EXISTS (
        SELECT 1 FROM pg_auth_members m
        WHERE m.member = 'app_authenticator'::regrole AND m.roleid = r::regrole
      ) THEN
        BEGIN
          EXECUTE format('GRANT %I TO app_authenticator', r);
        EXCEPTION
          WHEN duplicate_object OR unique_violation THEN
            NULL;
          WHEN insufficient_privilege THEN
            RAISE WARNING 'cannot grant % to app_authenticator: user contexts will fail', r;
        END;
      END IF;
    END LOOP;
    -- The app checks this too, once per process, before its first user context.
    IF EXISTS (
      SELECT 1 FROM pg_roles u
      WHERE (u.rolsuper OR u.rolbypassrls) AND pg_has_role('app_authenticator', u.oid, 'MEMBER')
    ) THEN
      RAISE EXCEPTION 'app_authenticator is, or can become, a role that bypasses RLS'
        USING HINT = 'ALTER ROLE app_authenticator NOSUPERUSER NOBYPASSRLS and revoke its other memberships';
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
-- ── Invitations: an invitee changes only the answer ─────────────────────────────────────
-- invitations_update_permitted_or_invitee lets the invitee update their pending invitation.
-- For a caller under RLS without people.invitation.write in the invitation's organisation
-- (the invitee), this trigger admits only the answer: status pending → accepted|declined,
-- before expiry, responded_by = the caller, responded_at = now() (set here). Every other
-- column, including any added later, must stay as it was.
CREATE OR REPLACE FUNCTION app.invitations_answer_guard()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  answer constant text[] := ARRAY['status', 'responded_at', 'responded_by'];
BEGIN
  IF NOT row_security_active('public.invitations'::regclass)
     OR app.has_permission(OLD.organisation_id, 'people.invitation.write') THEN
    RETURN NEW;
  END IF;
  IF (to_jsonb(NEW) - answer) IS DISTINCT FROM (to_jsonb(OLD) - answer) THEN
    RAISE EXCEPTION 'an invitee may change only the answer of their invitation'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'pending' OR OLD.expires_at <= now()
     OR NEW.status NOT IN ('accepted', 'declined')
     OR NEW.responded_by IS DISTINCT FROM auth.uid() THEN
    RAISE EXCEPTION 'an invitee may only accept or decline their open invitation'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.responded_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.invitations_answer_guard() FROM public, anon, authenticated, service_role;
--> statement-breakpoint
DROP TRIGGER IF EXISTS invitations_answer_guard ON public.invitations;
--> statement-breakpoint
CREATE TRIGGER invitations_answer_guard
  BEFORE UPDATE ON public.invitations
  FOR EACH ROW EXECUTE FUNCTION app.invitations_answer_guard();
--> statement-breakpoint
-- ── Audit entries: append-only, written through app.record_audit() ─────────────────────────
-- No role but the owner may write the table directly (the insert policy is gone above, and
-- the privileges go here); nobody updates or deletes an entry, the owner included, except
-- the cascade of the organisation's own deletion (which runs nested in the foreign key's
-- trigger, so at trigger depth > 1).
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON public.audit_entries FROM anon, authenticated, service_role;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.audit_entries_append_only()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries are append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.audit_entries_append_only() FROM public, anon, authenticated, service_role;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_entries_append_only ON public.audit_entries;
--> statement-breakpoint
CREATE TRIGGER audit_entries_append_only
  BEFORE UPDATE OR DELETE ON public.audit_entries
  FOR EACH ROW EXECUTE FUNCTION app.audit_entries_append_only();
--> statement-breakpoint
-- The one door for a user's entry (lib/audit/record.ts in a user context). The actor is
-- auth.uid() and the time now(), never arguments. Admitted only:
-- - from an active member of the organisation who holds a permission to change something in
--   the action's module (`people` of `people.invitation.create`; any permission but `*.read`),
--   so a viewer, a suspended member or an outsider cannot write one; or
-- - for people.invitation.accept|decline, from the invitee who answered that invitation in
--   this very transaction (responded_by = the caller, responded_at = now()).
-- What it cannot know: whether the write the entry describes happened, or its before/after.
-- A caller can only add entries that name themselves, now, where they may act.
CREATE OR REPLACE FUNCTION app.record_audit(
  p_organisation_id uuid,
  p_action text,
  p_resource_type text,
  p_resource_id text,
  p_before jsonb,
  p_after jsonb
)
RETURNS bigint
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  actor uuid := auth.uid();
  module text := split_part(p_action, '.', 1);
  entry_id bigint;
BEGIN
  IF actor IS NULL THEN
    RAISE EXCEPTION 'an audit entry needs a signed-in caller' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF p_action IS NULL OR p_action !~ '^[a-z][A-Za-z]*\.[a-z][A-Za-z]*\.[a-z][A-Za-z]*$' THEN
    RAISE EXCEPTION 'invalid audit action: %', p_action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF NOT (
    EXISTS (
      SELECT 1
      FROM public.employments e
      JOIN public.roles r ON r.id = e.role_id
      WHERE e.organisation_id = p_organisation_id
        AND e.user_id = actor
        AND e.status = 'active'
        AND (
          EXISTS (
            SELECT 1 FROM public.builtin_role_grants g
            WHERE g.role_key = r.builtin_key
              AND g.permission LIKE module || '.%' AND g.permission NOT LIKE '%.read')
          OR EXISTS (
            SELECT 1 FROM public.role_permissions p
            WHERE p.role_id = r.id
              AND p.permission LIKE module || '.%' AND p.permission NOT LIKE '%.read')
        )
    )
    OR (
      p_action IN ('people.invitation.accept', 'people.invitation.decline')
      AND p_resource_type = 'invitation'
      AND EXISTS (
        SELECT 1
        FROM public.invitations i
        WHERE i.id::text = p_resource_id
          AND i.organisation_id = p_organisation_id
          AND lower(i.email) = app.jwt_email()
          AND i.responded_by = actor
          AND i.responded_at = now()
          AND i.status = CASE p_action WHEN 'people.invitation.accept' THEN 'accepted' ELSE 'declined' END
      )
    )
  ) THEN
    RAISE EXCEPTION 'not permitted to record % in this organisation', p_action
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  INSERT INTO public.audit_entries
    (organisation_id, actor_user_id, action, resource_type, resource_id, before, after)
  VALUES (p_organisation_id, actor, p_action, p_resource_type, p_resource_id, p_before, p_after)
  RETURNING id INTO entry_id;
  RETURN entry_id;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.record_audit(uuid, text, text, text, jsonb, jsonb) FROM public, anon, service_role;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.record_audit(uuid, text, text, text, jsonb, jsonb) TO authenticated;
