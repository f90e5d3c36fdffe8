-- The RLS policies' helpers planned once per connection, not at every call (docs/data-layer.md,
-- "Policy helpers planned once"). The policies read the caller's organisations once per
-- statement (migration 0038), through SQL functions that are SECURITY DEFINER with their own
-- search_path: PostgreSQL cannot inline such a function, and on the versions we run (15–17)
-- it plans a non-inlined SQL function's query afresh in every statement that calls it. So every
-- statement a member sends under RLS paid for planning a join of employments, roles and the
-- grants before reading a row: the audit trail's filter menus (two calls each) measured
-- 2.25 ms warm in psql, 0.34 ms with the helper in PL/pgSQL, whose statements a connection
-- plans once and keeps. Same bodies, same answers, same privileges
-- (tests/integration/rls-policy-helpers.test.ts compares them with the per-organisation
-- functions; tests/integration/policy-helpers-planned.test.ts checks the language and the
-- plan cache setting). As app.member_access does (migration 0041), each sets plan_cache_mode
-- back to auto for its own statements: the user pool plans its statements for their values
-- (force_custom_plan, lib/db/connect.ts), which for these fixed, owner-run lookups of the
-- caller's own rows only costs time.
CREATE OR REPLACE FUNCTION app.member_organisation_ids()
RETURNS uuid[]
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
SET plan_cache_mode = 'auto'
AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(DISTINCT e.organisation_id), '{}')
    FROM public.employments e
    WHERE e.user_id = auth.uid()
      AND e.status = 'active');
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.permitted_organisation_ids(perm text)
RETURNS uuid[]
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
SET plan_cache_mode = 'auto'
AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(DISTINCT e.organisation_id), '{}')
    FROM public.employments e
    JOIN public.roles r ON r.id = e.role_id
    WHERE e.user_id = auth.uid()
      AND e.status = 'active'
      AND (
        (r.builtin_key IS NOT NULL AND EXISTS (
          SELECT 1 FROM public.builtin_role_grants g
          WHERE g.role_key = r.builtin_key AND g.permission = perm))
        OR EXISTS (
          SELECT 1 FROM public.role_permissions p
          WHERE p.role_id = r.id AND p.permission = perm)
      ));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.is_platform_moderator()
RETURNS boolean
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
SET plan_cache_mode = 'auto'
AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM public.platform_moderators m WHERE m.user_id = auth.uid());
END
$$;
--> statement-breakpoint
-- The OUT columns (organisation_id, permission) share names with table columns: every
-- reference in the query is qualified, and a bare one would mean the column.
CREATE OR REPLACE FUNCTION app.granted_permissions()
RETURNS TABLE (organisation_id uuid, permission text)
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
SET plan_cache_mode = 'auto'
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT e.organisation_id, g.permission
    FROM public.employments e
    JOIN public.roles r ON r.id = e.role_id
    JOIN public.builtin_role_grants g ON g.role_key = r.builtin_key
    WHERE e.user_id = auth.uid() AND e.status = 'active'
    UNION
    SELECT e.organisation_id, p.permission
    FROM public.employments e
    JOIN public.role_permissions p ON p.role_id = e.role_id
    WHERE e.user_id = auth.uid() AND e.status = 'active';
END
$$;
--> statement-breakpoint
-- The member list joins the directory in its own query (lib/people/employees.ts); its body is
-- planned once per connection too. (The list's cost at 1,000 members is reading and sorting
-- them all for a name order: docs/bench.md.)
CREATE OR REPLACE FUNCTION app.member_directory(org uuid)
RETURNS TABLE (user_id uuid, display_name text, email text)
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
SET plan_cache_mode = 'auto'
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT e.user_id, p.display_name, u.email::text
    FROM public.employments e
    LEFT JOIN public.profiles p ON p.id = e.user_id
    LEFT JOIN auth.users u ON u.id = e.user_id
    WHERE e.organisation_id = org
      AND org = any (app.permitted_organisation_ids('people.employment.read'));
END
$$;
