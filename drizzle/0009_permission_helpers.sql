-- Helpers for the tenant policies of the organisations issue. All are plpgsql, so they may be
-- created before the tables they read (the next migration creates them), and SECURITY
-- DEFINER with an empty search_path, so policies can call them without recursing into the
-- policies of the tables they read.

-- The caller's email from the verified token (lower case), or null.
CREATE OR REPLACE FUNCTION app.jwt_email()
RETURNS text
LANGUAGE sql
STABLE
SET search_path = ''
AS $$
  SELECT nullif(lower(coalesce(auth.jwt() ->> 'email', '')), '')
$$;
--> statement-breakpoint
-- Whether the caller's active employment in org holds the permission perm: built-in roles
-- through builtin_role_grants (synced from the code's catalogue), custom roles through
-- role_permissions.
CREATE OR REPLACE FUNCTION app.has_permission(org uuid, perm text)
RETURNS boolean
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1
    FROM public.employments e
    JOIN public.roles r ON r.id = e.role_id
    WHERE e.organisation_id = org
      AND e.user_id = auth.uid()
      AND e.status = 'active'
      AND (
        (r.builtin_key IS NOT NULL AND EXISTS (
          SELECT 1 FROM public.builtin_role_grants g
          WHERE g.role_key = r.builtin_key AND g.permission = perm))
        OR EXISTS (
          SELECT 1 FROM public.role_permissions p
          WHERE p.role_id = r.id AND p.permission = perm)
      )
  );
END
$$;
--> statement-breakpoint
-- Whether the caller (by verified email) holds a pending, unexpired invitation to org.
CREATE OR REPLACE FUNCTION app.is_invited(org uuid)
RETURNS boolean
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1
    FROM public.invitations i
    WHERE i.organisation_id = org
      AND i.status = 'pending'
      AND i.expires_at > now()
      AND lower(i.email) = app.jwt_email()
  );
END
$$;
--> statement-breakpoint
-- The same, for the given role: what accepting an invitation may create.
CREATE OR REPLACE FUNCTION app.is_invited_as(org uuid, role uuid)
RETURNS boolean
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1
    FROM public.invitations i
    WHERE i.organisation_id = org
      AND i.role_id = role
      AND i.status = 'pending'
      AND i.expires_at > now()
      AND lower(i.email) = app.jwt_email()
  );
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.has_permission(uuid, text) FROM public;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.is_invited(uuid) FROM public;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.is_invited_as(uuid, uuid) FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.jwt_email() TO anon, authenticated, service_role;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.has_permission(uuid, text) TO anon, authenticated, service_role;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.is_invited(uuid) TO anon, authenticated, service_role;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.is_invited_as(uuid, uuid) TO anon, authenticated, service_role;
