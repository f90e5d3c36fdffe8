-- Who the caller is in an organisation, in one statement (docs/data-layer.md, "Access in one
-- statement"). Every back-office request resolved it with three reads under RLS (the active
-- employment with its organisation and role, a custom role's permissions, the modules
-- switched on) and the frame added two more (the caller's organisations for the switcher, the
-- moderator flag): five statements, each planned for its values with every table's policies
-- (plan_cache_mode = force_custom_plan on the user pool), about as much database time as the
-- page's own reads (docs/bench.md).
--
-- app.member_access(org) answers for auth.uid() only, so it reads past RLS as the owner: the
-- caller's own active employment in an active organisation, its role, the role's own
-- permissions when it is a custom role (built-in roles' come from the code's catalogue), and
-- the organisation's modules switched on; null when there is no such employment. Nothing in it
-- is about anyone but the caller. app.my_organisations() is the caller's active employments in
-- active organisations, by name, for the switcher.
--
-- Both are PL/pgSQL so that each connection plans their statements once: the user pool plans
-- every statement for its values (force_custom_plan, lib/db/connect.ts), which for these
-- fixed, owner-run lookups only costs time (0.39 → 0.12 ms a call measured), so the functions
-- set plan_cache_mode back to auto for their own statements.
CREATE OR REPLACE FUNCTION app.member_access(org uuid)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
SET plan_cache_mode = 'auto'
AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'organisation', jsonb_build_object(
      'id', o.id, 'name', o.name, 'slug', o.slug, 'timeZone', o.time_zone,
      'currency', o.currency, 'locale', o.locale
    ),
    'employmentId', e.id,
    'roleId', r.id,
    'roleKey', r.builtin_key,
    'roleName', r.name,
    'customPermissions', CASE WHEN r.builtin_key IS NULL THEN coalesce((
      SELECT jsonb_agg(rp.permission ORDER BY rp.permission)
      FROM public.role_permissions rp
      WHERE rp.role_id = r.id AND rp.organisation_id = org
    ), '[]'::jsonb) ELSE '[]'::jsonb END,
    'modules', coalesce((
      SELECT jsonb_agg(jsonb_build_array(m.module, m.tier) ORDER BY m.module)
      FROM public.organisation_modules m
      WHERE m.organisation_id = org AND m.enabled
    ), '[]'::jsonb)
  )
  FROM public.employments e
  JOIN public.organisations o ON o.id = e.organisation_id
  JOIN public.roles r ON r.id = e.role_id
  WHERE e.organisation_id = org
    AND e.user_id = auth.uid()
    AND e.status = 'active'
    AND o.status = 'active'
  LIMIT 1);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.member_access(uuid) FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.member_access(uuid) TO authenticated, service_role;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.my_organisations()
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
SET plan_cache_mode = 'auto'
AS $$
BEGIN
  RETURN (SELECT coalesce(jsonb_agg(jsonb_build_object(
    'id', o.id, 'name', o.name, 'slug', o.slug, 'roleKey', r.builtin_key, 'roleName', r.name
  ) ORDER BY o.name, o.id), '[]'::jsonb)
  FROM public.employments e
  JOIN public.organisations o ON o.id = e.organisation_id
  JOIN public.roles r ON r.id = e.role_id
  WHERE e.user_id = auth.uid()
    AND e.status = 'active'
    AND o.status = 'active');
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.my_organisations() FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.my_organisations() TO authenticated, service_role;
