-- The listings' and listing images' policies, once per statement like the others (0038):
-- their permission depends on the row's kind (app.listing_permission), so instead of an
-- array of organisations they look the pair (organisation, permission) up in the caller's
-- grants, read once into a hash table (a hashed SubPlan). app.granted_permissions() holds
-- exactly the pairs for which app.has_permission(org, perm) is true
-- (tests/integration/rls-policy-helpers.test.ts compares them).
CREATE OR REPLACE FUNCTION app.granted_permissions()
RETURNS TABLE (organisation_id uuid, permission text)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT e.organisation_id, g.permission
  FROM public.employments e
  JOIN public.roles r ON r.id = e.role_id
  JOIN public.builtin_role_grants g ON g.role_key = r.builtin_key
  WHERE e.user_id = auth.uid() AND e.status = 'active'
  UNION
  SELECT e.organisation_id, p.permission
  FROM public.employments e
  JOIN public.role_permissions p ON p.role_id = e.role_id
  WHERE e.user_id = auth.uid() AND e.status = 'active'
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.granted_permissions() FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.granted_permissions() TO anon, authenticated, service_role;
--> statement-breakpoint
ALTER POLICY "listing_images_select_permitted" ON "listing_images" TO authenticated USING (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.organisation_id = "listing_images"."organisation_id"
    and ("listing_images"."organisation_id", app.listing_permission(l.kind, 'read')) in (select g.organisation_id, g.permission from app.granted_permissions() g)));--> statement-breakpoint
ALTER POLICY "listing_images_insert_permitted" ON "listing_images" TO authenticated WITH CHECK (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.organisation_id = "listing_images"."organisation_id"
    and ("listing_images"."organisation_id", app.listing_permission(l.kind, 'write')) in (select g.organisation_id, g.permission from app.granted_permissions() g)));--> statement-breakpoint
ALTER POLICY "listing_images_update_permitted" ON "listing_images" TO authenticated USING (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.organisation_id = "listing_images"."organisation_id"
    and ("listing_images"."organisation_id", app.listing_permission(l.kind, 'write')) in (select g.organisation_id, g.permission from app.granted_permissions() g))) WITH CHECK (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.organisation_id = "listing_images"."organisation_id"
    and ("listing_images"."organisation_id", app.listing_permission(l.kind, 'write')) in (select g.organisation_id, g.permission from app.granted_permissions() g)));--> statement-breakpoint
ALTER POLICY "listing_images_delete_permitted" ON "listing_images" TO authenticated USING (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.organisation_id = "listing_images"."organisation_id"
    and ("listing_images"."organisation_id", app.listing_permission(l.kind, 'write')) in (select g.organisation_id, g.permission from app.granted_permissions() g)));--> statement-breakpoint
ALTER POLICY "listings_select_permitted" ON "listings" TO authenticated USING (("listings"."organisation_id", app.listing_permission("listings"."kind", 'read')) in (select g.organisation_id, g.permission from app.granted_permissions() g));--> statement-breakpoint
ALTER POLICY "listings_insert_permitted" ON "listings" TO authenticated WITH CHECK (("listings"."organisation_id", app.listing_permission("listings"."kind", 'write')) in (select g.organisation_id, g.permission from app.granted_permissions() g));--> statement-breakpoint
ALTER POLICY "listings_update_permitted" ON "listings" TO authenticated USING (("listings"."organisation_id", app.listing_permission("listings"."kind", 'write')) in (select g.organisation_id, g.permission from app.granted_permissions() g)) WITH CHECK (("listings"."organisation_id", app.listing_permission("listings"."kind", 'write')) in (select g.organisation_id, g.permission from app.granted_permissions() g));--> statement-breakpoint
ALTER POLICY "listings_delete_permitted" ON "listings" TO authenticated USING (("listings"."organisation_id", app.listing_permission("listings"."kind", 'write')) in (select g.organisation_id, g.permission from app.granted_permissions() g));