-- app.is_member(org): whether the caller (auth.uid()) has an active employment in org.
-- SECURITY DEFINER so that it reads employments as the owner, without RLS: the policies of
-- organisations and employments call it and would otherwise recurse. plpgsql, so it may be
-- created before the employments table (migration 0002) exists.
CREATE OR REPLACE FUNCTION app.is_member(org uuid)
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
    WHERE e.organisation_id = org
      AND e.user_id = auth.uid()
      AND e.status = 'active'
  );
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.is_member(uuid) FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.is_member(uuid) TO anon, authenticated, service_role;
