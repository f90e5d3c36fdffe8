ALTER TABLE "payment_accounts" ADD COLUMN "charges_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "restock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_one_restock" ON "order_refunds" USING btree ("order_id") WHERE "order_refunds"."restock";--> statement-breakpoint
CREATE POLICY "order_events_insert_refund" ON "order_events" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (("order_events"."kind" = 'refund_requested' or ("order_events"."kind" = 'restocked'
          and app.has_permission("order_events"."organisation_id", 'commerce.product.write')))
        and app.has_permission("order_events"."organisation_id", 'payment.refund.write')
        and "order_events"."actor_user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "order_lines_select_payment" ON "order_lines" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("order_lines"."organisation_id", 'payment.charge.read'));--> statement-breakpoint
CREATE POLICY "orders_lock_refund" ON "orders" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("orders"."organisation_id", 'payment.refund.write')) WITH CHECK (false);--> statement-breakpoint
ALTER POLICY "order_refunds_insert_permitted" ON "order_refunds" TO authenticated WITH CHECK (app.has_permission("order_refunds"."organisation_id", 'payment.refund.write')
        and "order_refunds"."status" = 'requested' and "order_refunds"."requested_by" = (select auth.uid())
        and (not "order_refunds"."restock" or app.has_permission("order_refunds"."organisation_id", 'commerce.product.write')));