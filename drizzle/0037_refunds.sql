ALTER TABLE "payment_accounts" ADD COLUMN "charges_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
CREATE POLICY "order_events_insert_refund" ON "order_events" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK ("order_events"."kind" = 'refund_requested'
        and app.has_permission("order_events"."organisation_id", 'payment.refund.write')
        and "order_events"."actor_user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "orders_lock_refund" ON "orders" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("orders"."organisation_id", 'payment.refund.write')) WITH CHECK (false);