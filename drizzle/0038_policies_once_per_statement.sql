-- RLS policies that check the caller's organisation once per statement, not once per row
-- (docs/data-layer.md, "Policies once per statement"). app.is_member(org) and
-- app.has_permission(org, perm) are SECURITY DEFINER plpgsql functions: called in a policy
-- with the row's organisation, PostgreSQL runs them for every row it reads (a count over an
-- organisation's 1,000 employments: 1,000 calls, about 7 ms). The policies now read the
-- caller's organisations once, as an array, in an uncorrelated sub-select (an InitPlan), and
-- look each row's organisation up in it: `organisation_id = any ((select app.…())::uuid[])`,
-- the form Supabase recommends for RLS performance. Same answers: an organisation is in
-- member_organisation_ids() exactly when is_member(org) is true, and in
-- permitted_organisation_ids(perm) exactly when has_permission(org, perm) is
-- (tests/integration/rls-policy-helpers.test.ts compares them). The old functions stay: the
-- code and other functions still call them for one organisation at a time.
CREATE OR REPLACE FUNCTION app.member_organisation_ids()
RETURNS uuid[]
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT coalesce(array_agg(DISTINCT e.organisation_id), '{}')
  FROM public.employments e
  WHERE e.user_id = auth.uid()
    AND e.status = 'active'
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.member_organisation_ids() FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.member_organisation_ids() TO anon, authenticated, service_role;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.permitted_organisation_ids(perm text)
RETURNS uuid[]
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT coalesce(array_agg(DISTINCT e.organisation_id), '{}')
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
    )
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.permitted_organisation_ids(text) FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.permitted_organisation_ids(text) TO anon, authenticated, service_role;
--> statement-breakpoint
ALTER POLICY "audit_entries_select_permitted" ON "audit_entries" TO authenticated USING ("audit_entries"."organisation_id" = any ((select app.permitted_organisation_ids('settings.audit.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "billing_charges_select_permitted" ON "billing_charges" TO authenticated USING ("billing_charges"."organisation_id" = any ((select app.permitted_organisation_ids('billing.account.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "billing_charges_insert_permitted" ON "billing_charges" TO authenticated WITH CHECK ("billing_charges"."organisation_id" = any ((select app.permitted_organisation_ids('billing.account.write'))::uuid[]) and "billing_charges"."status" = 'pending' and "billing_charges"."kind" = 'purchase' and "billing_charges"."created_by" = (select auth.uid()));--> statement-breakpoint
ALTER POLICY "billing_customers_select_owner" ON "billing_customers" TO authenticated USING (("billing_customers"."user_id" = (select auth.uid()) or ("billing_customers"."organisation_id" is not null and "billing_customers"."organisation_id" = any ((select app.permitted_organisation_ids('billing.account.read'))::uuid[]))));--> statement-breakpoint
ALTER POLICY "billing_payment_methods_select_owner" ON "billing_payment_methods" TO authenticated USING (("billing_payment_methods"."user_id" = (select auth.uid()) or ("billing_payment_methods"."organisation_id" is not null and "billing_payment_methods"."organisation_id" = any ((select app.permitted_organisation_ids('billing.account.read'))::uuid[]))));--> statement-breakpoint
ALTER POLICY "billing_payment_methods_update_owner" ON "billing_payment_methods" TO authenticated USING (("billing_payment_methods"."user_id" = (select auth.uid()) or ("billing_payment_methods"."organisation_id" is not null and "billing_payment_methods"."organisation_id" = any ((select app.permitted_organisation_ids('billing.account.write'))::uuid[])))) WITH CHECK (("billing_payment_methods"."user_id" = (select auth.uid()) or ("billing_payment_methods"."organisation_id" is not null and "billing_payment_methods"."organisation_id" = any ((select app.permitted_organisation_ids('billing.account.write'))::uuid[]))));--> statement-breakpoint
ALTER POLICY "billing_payment_methods_delete_owner" ON "billing_payment_methods" TO authenticated USING (("billing_payment_methods"."user_id" = (select auth.uid()) or ("billing_payment_methods"."organisation_id" is not null and "billing_payment_methods"."organisation_id" = any ((select app.permitted_organisation_ids('billing.account.write'))::uuid[]))));--> statement-breakpoint
ALTER POLICY "billing_subscriptions_select_permitted" ON "billing_subscriptions" TO authenticated USING ("billing_subscriptions"."organisation_id" = any ((select app.permitted_organisation_ids('billing.account.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "brands_select_permitted" ON "brands" TO authenticated USING ("brands"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "brands_insert_permitted" ON "brands" TO authenticated WITH CHECK ("brands"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.brand.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "brands_update_permitted" ON "brands" TO authenticated USING ("brands"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.brand.write'))::uuid[])) WITH CHECK ("brands"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.brand.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "brands_delete_permitted" ON "brands" TO authenticated USING ("brands"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.brand.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_attributes_select_permitted" ON "product_attributes" TO authenticated USING ("product_attributes"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_attributes_insert_permitted" ON "product_attributes" TO authenticated WITH CHECK ("product_attributes"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_attributes_update_permitted" ON "product_attributes" TO authenticated USING ("product_attributes"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[])) WITH CHECK ("product_attributes"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_attributes_delete_permitted" ON "product_attributes" TO authenticated USING ("product_attributes"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_external_ids_select_permitted" ON "product_external_ids" TO authenticated USING ("product_external_ids"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_external_ids_insert_permitted" ON "product_external_ids" TO authenticated WITH CHECK ("product_external_ids"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_external_ids_update_permitted" ON "product_external_ids" TO authenticated USING ("product_external_ids"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[])) WITH CHECK ("product_external_ids"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_external_ids_delete_permitted" ON "product_external_ids" TO authenticated USING ("product_external_ids"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_variants_select_permitted" ON "product_variants" TO authenticated USING ("product_variants"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_variants_insert_permitted" ON "product_variants" TO authenticated WITH CHECK ("product_variants"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_variants_update_permitted" ON "product_variants" TO authenticated USING ("product_variants"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[])) WITH CHECK ("product_variants"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "product_variants_delete_permitted" ON "product_variants" TO authenticated USING ("product_variants"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "products_select_permitted" ON "products" TO authenticated USING ("products"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "products_insert_permitted" ON "products" TO authenticated WITH CHECK ("products"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "products_update_permitted" ON "products" TO authenticated USING ("products"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[])) WITH CHECK ("products"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "products_delete_permitted" ON "products" TO authenticated USING ("products"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_files_select_permitted" ON "organisation_files" TO authenticated USING ("organisation_files"."organisation_id" = any ((select app.permitted_organisation_ids('storage.file.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_files_insert_permitted" ON "organisation_files" TO authenticated WITH CHECK ("organisation_files"."organisation_id" = any ((select app.permitted_organisation_ids('storage.file.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_files_update_permitted" ON "organisation_files" TO authenticated USING ("organisation_files"."organisation_id" = any ((select app.permitted_organisation_ids('storage.file.write'))::uuid[])) WITH CHECK ("organisation_files"."organisation_id" = any ((select app.permitted_organisation_ids('storage.file.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_files_delete_permitted" ON "organisation_files" TO authenticated USING ("organisation_files"."organisation_id" = any ((select app.permitted_organisation_ids('storage.file.delete'))::uuid[]));--> statement-breakpoint
ALTER POLICY "payment_accounts_select_permitted" ON "payment_accounts" TO authenticated USING ("payment_accounts"."organisation_id" = any ((select app.permitted_organisation_ids('payment.charge.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "payment_balance_entries_select_permitted" ON "payment_balance_entries" TO authenticated USING ("payment_balance_entries"."organisation_id" = any ((select app.permitted_organisation_ids('payment.charge.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "payment_balance_entries_insert_payout" ON "payment_balance_entries" TO authenticated WITH CHECK ("payment_balance_entries"."organisation_id" = any ((select app.permitted_organisation_ids('payment.payout.write'))::uuid[])
        and "payment_balance_entries"."kind" = 'payout' and exists (select 1 from payment_payouts p
          where p.id = "payment_balance_entries"."payout_id" and p.organisation_id = "payment_balance_entries"."organisation_id"
            and p.status = 'pending' and p.requested_by = (select auth.uid())
            and p.currency = "payment_balance_entries"."currency" and p.amount_minor = - "payment_balance_entries"."gross_minor"));--> statement-breakpoint
ALTER POLICY "payment_payouts_select_permitted" ON "payment_payouts" TO authenticated USING ("payment_payouts"."organisation_id" = any ((select app.permitted_organisation_ids('payment.charge.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "payment_payouts_insert_permitted" ON "payment_payouts" TO authenticated WITH CHECK ("payment_payouts"."organisation_id" = any ((select app.permitted_organisation_ids('payment.payout.write'))::uuid[])
        and "payment_payouts"."status" = 'pending' and "payment_payouts"."requested_by" = (select auth.uid())
        and "payment_payouts"."provider_payout_id" is null and "payment_payouts"."settled_at" is null);--> statement-breakpoint
ALTER POLICY "invoices_select_buyer_or_permitted" ON "invoices" TO authenticated USING ("invoices"."buyer_user_id" = (select auth.uid())
        or "invoices"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.order.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "offers_select_permitted" ON "offers" TO authenticated USING ("offers"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "offers_insert_permitted" ON "offers" TO authenticated WITH CHECK ("offers"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.offer.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "offers_update_permitted" ON "offers" TO authenticated USING ("offers"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.offer.write'))::uuid[])) WITH CHECK ("offers"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.offer.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "offers_delete_permitted" ON "offers" TO authenticated USING ("offers"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.offer.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "order_events_select_permitted" ON "order_events" TO authenticated USING ("order_events"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.order.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "order_events_insert_permitted" ON "order_events" TO authenticated WITH CHECK ("order_events"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.order.write'))::uuid[])
        and "order_events"."actor_user_id" = (select auth.uid()));--> statement-breakpoint
ALTER POLICY "order_events_insert_refund" ON "order_events" TO authenticated WITH CHECK (("order_events"."kind" = 'refund_requested' or ("order_events"."kind" = 'restocked'
          and "order_events"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[])))
        and "order_events"."organisation_id" = any ((select app.permitted_organisation_ids('payment.refund.write'))::uuid[])
        and "order_events"."actor_user_id" = (select auth.uid()));--> statement-breakpoint
ALTER POLICY "order_lines_select_permitted" ON "order_lines" TO authenticated USING ("order_lines"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.order.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "order_lines_select_payment" ON "order_lines" TO authenticated USING ("order_lines"."organisation_id" = any ((select app.permitted_organisation_ids('payment.charge.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "order_refunds_select_permitted" ON "order_refunds" TO authenticated USING ("order_refunds"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.order.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "order_refunds_select_payment" ON "order_refunds" TO authenticated USING ("order_refunds"."organisation_id" = any ((select app.permitted_organisation_ids('payment.charge.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "order_refunds_insert_permitted" ON "order_refunds" TO authenticated WITH CHECK ("order_refunds"."organisation_id" = any ((select app.permitted_organisation_ids('payment.refund.write'))::uuid[])
        and "order_refunds"."status" = 'requested' and "order_refunds"."requested_by" = (select auth.uid())
        and (not "order_refunds"."restock" or "order_refunds"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.write'))::uuid[])));--> statement-breakpoint
ALTER POLICY "order_tasks_insert_permitted" ON "order_tasks" TO authenticated WITH CHECK ("order_tasks"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.order.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "orders_select_permitted" ON "orders" TO authenticated USING ("orders"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.order.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "orders_select_payment" ON "orders" TO authenticated USING ("orders"."organisation_id" = any ((select app.permitted_organisation_ids('payment.charge.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "orders_update_permitted" ON "orders" TO authenticated USING ("orders"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.order.write'))::uuid[])) WITH CHECK ("orders"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.order.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "orders_lock_refund" ON "orders" TO authenticated USING ("orders"."organisation_id" = any ((select app.permitted_organisation_ids('payment.refund.write'))::uuid[])) WITH CHECK (false);--> statement-breakpoint
ALTER POLICY "employments_select_own_or_colleague" ON "employments" TO authenticated USING ("employments"."user_id" = (select auth.uid()) or "employments"."organisation_id" = any ((select app.member_organisation_ids())::uuid[]));--> statement-breakpoint
ALTER POLICY "employments_insert_permitted_or_invited" ON "employments" TO authenticated WITH CHECK ("employments"."organisation_id" = any ((select app.permitted_organisation_ids('people.employment.write'))::uuid[]) or ("employments"."user_id" = (select auth.uid()) and app.is_invited_as("employments"."organisation_id", "employments"."role_id")));--> statement-breakpoint
ALTER POLICY "employments_update_permitted_or_invited" ON "employments" TO authenticated USING ("employments"."organisation_id" = any ((select app.permitted_organisation_ids('people.employment.write'))::uuid[]) or ("employments"."user_id" = (select auth.uid()) and app.is_invited("employments"."organisation_id"))) WITH CHECK ("employments"."organisation_id" = any ((select app.permitted_organisation_ids('people.employment.write'))::uuid[]) or ("employments"."user_id" = (select auth.uid()) and app.is_invited_as("employments"."organisation_id", "employments"."role_id")));--> statement-breakpoint
ALTER POLICY "invitations_select_permitted_or_invitee" ON "invitations" TO authenticated USING ("invitations"."organisation_id" = any ((select app.permitted_organisation_ids('people.invitation.read'))::uuid[]) or lower("invitations"."email") = app.jwt_email());--> statement-breakpoint
ALTER POLICY "invitations_insert_permitted" ON "invitations" TO authenticated WITH CHECK ("invitations"."organisation_id" = any ((select app.permitted_organisation_ids('people.invitation.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "invitations_update_permitted_or_invitee" ON "invitations" TO authenticated USING ("invitations"."organisation_id" = any ((select app.permitted_organisation_ids('people.invitation.write'))::uuid[]) or (lower("invitations"."email") = app.jwt_email() and "invitations"."status" = 'pending')) WITH CHECK ("invitations"."organisation_id" = any ((select app.permitted_organisation_ids('people.invitation.write'))::uuid[]) or (lower("invitations"."email") = app.jwt_email() and "invitations"."status" in ('accepted', 'declined')));--> statement-breakpoint
ALTER POLICY "organisation_contact_emails_select_member" ON "organisation_contact_emails" TO authenticated USING ("organisation_contact_emails"."organisation_id" = any ((select app.member_organisation_ids())::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_contact_emails_insert_permitted" ON "organisation_contact_emails" TO authenticated WITH CHECK ("organisation_contact_emails"."organisation_id" = any ((select app.permitted_organisation_ids('settings.contact.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_contact_emails_update_permitted" ON "organisation_contact_emails" TO authenticated USING ("organisation_contact_emails"."organisation_id" = any ((select app.permitted_organisation_ids('settings.contact.write'))::uuid[])) WITH CHECK ("organisation_contact_emails"."organisation_id" = any ((select app.permitted_organisation_ids('settings.contact.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_contact_emails_delete_permitted" ON "organisation_contact_emails" TO authenticated USING ("organisation_contact_emails"."organisation_id" = any ((select app.permitted_organisation_ids('settings.contact.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_faqs_select_member" ON "organisation_faqs" TO authenticated USING ("organisation_faqs"."organisation_id" = any ((select app.member_organisation_ids())::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_faqs_insert_permitted" ON "organisation_faqs" TO authenticated WITH CHECK ("organisation_faqs"."organisation_id" = any ((select app.permitted_organisation_ids('settings.faq.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_faqs_update_permitted" ON "organisation_faqs" TO authenticated USING ("organisation_faqs"."organisation_id" = any ((select app.permitted_organisation_ids('settings.faq.write'))::uuid[])) WITH CHECK ("organisation_faqs"."organisation_id" = any ((select app.permitted_organisation_ids('settings.faq.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_faqs_delete_permitted" ON "organisation_faqs" TO authenticated USING ("organisation_faqs"."organisation_id" = any ((select app.permitted_organisation_ids('settings.faq.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_modules_select_member" ON "organisation_modules" TO authenticated USING ("organisation_modules"."organisation_id" = any ((select app.member_organisation_ids())::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_modules_insert_permitted" ON "organisation_modules" TO authenticated WITH CHECK ("organisation_modules"."organisation_id" = any ((select app.permitted_organisation_ids('settings.module.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisation_modules_update_permitted" ON "organisation_modules" TO authenticated USING ("organisation_modules"."organisation_id" = any ((select app.permitted_organisation_ids('settings.module.write'))::uuid[])) WITH CHECK ("organisation_modules"."organisation_id" = any ((select app.permitted_organisation_ids('settings.module.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "organisations_select_member" ON "organisations" TO authenticated USING ("organisations"."id" = any ((select app.member_organisation_ids())::uuid[]) or app.is_invited("organisations"."id"));--> statement-breakpoint
ALTER POLICY "organisations_update_permitted" ON "organisations" TO authenticated USING ("organisations"."id" = any ((select app.permitted_organisation_ids('settings.organisation.write'))::uuid[])) WITH CHECK ("organisations"."id" = any ((select app.permitted_organisation_ids('settings.organisation.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "role_permissions_select_member" ON "role_permissions" TO authenticated USING ("role_permissions"."organisation_id" = any ((select app.member_organisation_ids())::uuid[]));--> statement-breakpoint
ALTER POLICY "role_permissions_insert_custom" ON "role_permissions" TO authenticated WITH CHECK ("role_permissions"."organisation_id" = any ((select app.permitted_organisation_ids('settings.role.write'))::uuid[]) and exists (select 1 from public.roles r where r.id = "role_permissions"."role_id" and r.organisation_id = "role_permissions"."organisation_id" and r.builtin_key is null));--> statement-breakpoint
ALTER POLICY "role_permissions_delete_custom" ON "role_permissions" TO authenticated USING ("role_permissions"."organisation_id" = any ((select app.permitted_organisation_ids('settings.role.write'))::uuid[]) and exists (select 1 from public.roles r where r.id = "role_permissions"."role_id" and r.organisation_id = "role_permissions"."organisation_id" and r.builtin_key is null));--> statement-breakpoint
ALTER POLICY "roles_select_member" ON "roles" TO authenticated USING ("roles"."organisation_id" = any ((select app.member_organisation_ids())::uuid[]) or app.is_invited("roles"."organisation_id"));--> statement-breakpoint
ALTER POLICY "roles_insert_custom" ON "roles" TO authenticated WITH CHECK ("roles"."builtin_key" is null and "roles"."organisation_id" = any ((select app.permitted_organisation_ids('settings.role.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "roles_update_custom" ON "roles" TO authenticated USING ("roles"."builtin_key" is null and "roles"."organisation_id" = any ((select app.permitted_organisation_ids('settings.role.write'))::uuid[])) WITH CHECK ("roles"."builtin_key" is null and "roles"."organisation_id" = any ((select app.permitted_organisation_ids('settings.role.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "roles_delete_custom" ON "roles" TO authenticated USING ("roles"."builtin_key" is null and "roles"."organisation_id" = any ((select app.permitted_organisation_ids('settings.role.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "reviews_select_permitted" ON "reviews" TO authenticated USING ("reviews"."organisation_id" = any ((select app.permitted_organisation_ids('reviews.review.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "reviews_update_author_or_permitted" ON "reviews" TO authenticated USING ("reviews"."author_user_id" = auth.uid()
        or "reviews"."organisation_id" = any ((select app.permitted_organisation_ids('reviews.review.reply'))::uuid[])
        or "reviews"."organisation_id" = any ((select app.permitted_organisation_ids('reviews.review.report'))::uuid[])) WITH CHECK ("reviews"."author_user_id" = auth.uid()
        or "reviews"."organisation_id" = any ((select app.permitted_organisation_ids('reviews.review.reply'))::uuid[])
        or "reviews"."organisation_id" = any ((select app.permitted_organisation_ids('reviews.review.report'))::uuid[]));--> statement-breakpoint
ALTER POLICY "schedule_exceptions_select_permitted" ON "schedule_exceptions" TO authenticated USING ("schedule_exceptions"."organisation_id" = any ((select app.permitted_organisation_ids('settings.schedule.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "schedule_exceptions_insert_permitted" ON "schedule_exceptions" TO authenticated WITH CHECK ("schedule_exceptions"."organisation_id" = any ((select app.permitted_organisation_ids('settings.schedule.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "schedule_exceptions_update_permitted" ON "schedule_exceptions" TO authenticated USING ("schedule_exceptions"."organisation_id" = any ((select app.permitted_organisation_ids('settings.schedule.write'))::uuid[])) WITH CHECK ("schedule_exceptions"."organisation_id" = any ((select app.permitted_organisation_ids('settings.schedule.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "schedule_exceptions_delete_permitted" ON "schedule_exceptions" TO authenticated USING ("schedule_exceptions"."organisation_id" = any ((select app.permitted_organisation_ids('settings.schedule.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "schedules_select_permitted" ON "schedules" TO authenticated USING ("schedules"."organisation_id" = any ((select app.permitted_organisation_ids('settings.schedule.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "schedules_insert_permitted" ON "schedules" TO authenticated WITH CHECK ("schedules"."organisation_id" = any ((select app.permitted_organisation_ids('settings.schedule.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "schedules_update_permitted" ON "schedules" TO authenticated USING ("schedules"."organisation_id" = any ((select app.permitted_organisation_ids('settings.schedule.write'))::uuid[])) WITH CHECK ("schedules"."organisation_id" = any ((select app.permitted_organisation_ids('settings.schedule.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "schedules_delete_permitted" ON "schedules" TO authenticated USING ("schedules"."organisation_id" = any ((select app.permitted_organisation_ids('settings.schedule.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "delivery_rates_select_permitted" ON "delivery_rates" TO authenticated USING ("delivery_rates"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "delivery_rates_insert_permitted" ON "delivery_rates" TO authenticated WITH CHECK ("delivery_rates"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "delivery_rates_update_permitted" ON "delivery_rates" TO authenticated USING ("delivery_rates"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[])) WITH CHECK ("delivery_rates"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "delivery_rates_delete_permitted" ON "delivery_rates" TO authenticated USING ("delivery_rates"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "discount_codes_select_permitted" ON "discount_codes" TO authenticated USING ("discount_codes"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "discount_codes_insert_permitted" ON "discount_codes" TO authenticated WITH CHECK ("discount_codes"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.discount.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "discount_codes_update_permitted" ON "discount_codes" TO authenticated USING ("discount_codes"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.discount.write'))::uuid[])) WITH CHECK ("discount_codes"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.discount.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "discount_codes_delete_permitted" ON "discount_codes" TO authenticated USING ("discount_codes"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.discount.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "discount_redemptions_select_permitted" ON "discount_redemptions" TO authenticated USING ("discount_redemptions"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.product.read'))::uuid[]));--> statement-breakpoint
ALTER POLICY "selling_terms_insert_permitted" ON "selling_terms" TO authenticated WITH CHECK ("selling_terms"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "selling_terms_update_permitted" ON "selling_terms" TO authenticated USING ("selling_terms"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[])) WITH CHECK ("selling_terms"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "selling_terms_delete_permitted" ON "selling_terms" TO authenticated USING ("selling_terms"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "tax_rates_insert_permitted" ON "tax_rates" TO authenticated WITH CHECK ("tax_rates"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "tax_rates_update_permitted" ON "tax_rates" TO authenticated USING ("tax_rates"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[])) WITH CHECK ("tax_rates"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[]));--> statement-breakpoint
ALTER POLICY "tax_rates_delete_permitted" ON "tax_rates" TO authenticated USING ("tax_rates"."organisation_id" = any ((select app.permitted_organisation_ids('commerce.settings.write'))::uuid[]));