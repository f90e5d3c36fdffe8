-- The member directory read as the caller (docs/data-layer.md, "The member directory"). A
-- colleague's display name (profiles: readable by their owner only) and sign-in email
-- (auth.users: the auth service's) were read through a system context, in transactions of
-- their own around the member list's: a name sort or a search first fetched every member's
-- id in name order (1,000 ids handed back to the RLS query as an array), and the page's names
-- were read again afterwards (docs/bench.md, "The member list in one transaction").
-- app.member_directory(org) gives the names and emails of the organisation's employed users
-- (any status) to a caller who may read its members (people.employment.read, the member
-- list's own permission), and nothing to anyone else; the list joins it in its own user
-- transaction. Only these three columns leave the function.
CREATE OR REPLACE FUNCTION app.member_directory(org uuid)
RETURNS TABLE (user_id uuid, display_name text, email text)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT e.user_id, p.display_name, u.email::text
  FROM public.employments e
  LEFT JOIN public.profiles p ON p.id = e.user_id
  LEFT JOIN auth.users u ON u.id = e.user_id
  WHERE e.organisation_id = org
    AND org = any (app.permitted_organisation_ids('people.employment.read'))
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.member_directory(uuid) FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.member_directory(uuid) TO authenticated, service_role;
