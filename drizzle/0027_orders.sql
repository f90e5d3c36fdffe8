CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sellable_kind" text NOT NULL,
	"sellable_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"title" text NOT NULL,
	"option_label" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"normal_price_minor" bigint,
	"offer_id" uuid,
	"tracked" boolean DEFAULT true NOT NULL,
	"tax_class" text DEFAULT 'standard' NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint NOT NULL,
	CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" between 1 and 99),
	CONSTRAINT "order_lines_amounts" CHECK ("order_lines"."unit_price_minor" >= 0 and "order_lines"."total_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider_refund_id" text,
	"failure_code" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount" CHECK ("order_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"buyer_user_id" uuid NOT NULL,
	"seller_name" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"fulfilment_status" text DEFAULT 'unfulfilled' NOT NULL,
	"currency" text NOT NULL,
	"prices_include_tax" boolean DEFAULT true NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"delivery_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"discount_code" text,
	"contact" jsonb NOT NULL,
	"shipping_address" jsonb,
	"delivery" jsonb NOT NULL,
	"payment_provider" text,
	"payment_id" text,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_organisation_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "orders_currency_format" CHECK ("orders"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal_minor" >= 0 and "orders"."discount_minor" >= 0 and "orders"."delivery_minor" >= 0
        and "orders"."tax_minor" >= 0 and "orders"."total_minor" >= 0
        and "orders"."refunded_minor" between 0 and "orders"."total_minor")
);
--> statement-breakpoint
ALTER TABLE "orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_fk" FOREIGN KEY ("organisation_id","order_id") REFERENCES "public"."orders"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_fk" FOREIGN KEY ("organisation_id","order_id") REFERENCES "public"."orders"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_fk" FOREIGN KEY ("organisation_id","order_id") REFERENCES "public"."orders"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tasks" ADD CONSTRAINT "order_tasks_order_fk" FOREIGN KEY ("organisation_id","order_id") REFERENCES "public"."orders"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "auth"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_at_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_events_organisation_idx" ON "order_events" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_key" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_organisation_order_idx" ON "order_lines" USING btree ("organisation_id","order_id");--> statement-breakpoint
CREATE INDEX "order_lines_sellable_idx" ON "order_lines" USING btree ("sellable_kind","sellable_id");--> statement-breakpoint
CREATE INDEX "order_lines_listing_idx" ON "order_lines" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_organisation_created_idx" ON "order_refunds" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_provider_key" ON "order_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "order_tasks_due_idx" ON "order_tasks" USING btree ("run_after") WHERE "order_tasks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "order_tasks_order_idx" ON "order_tasks" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_key" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_key" ON "orders" USING btree ("payment_provider","payment_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_placed_idx" ON "orders" USING btree ("buyer_user_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_organisation_placed_idx" ON "orders" USING btree ("organisation_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_pending_hold_idx" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE POLICY "order_events_select_buyer" ON "order_events" AS PERMISSIVE FOR SELECT TO "authenticated" USING (exists (select 1 from orders o where o.id = "order_events"."order_id"
        and o.buyer_user_id = (select auth.uid())));--> statement-breakpoint
CREATE POLICY "order_events_select_permitted" ON "order_events" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("order_events"."organisation_id", 'commerce.order.read'));--> statement-breakpoint
CREATE POLICY "order_events_insert_permitted" ON "order_events" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("order_events"."organisation_id", 'commerce.order.write')
        and "order_events"."actor_user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "order_lines_select_buyer" ON "order_lines" AS PERMISSIVE FOR SELECT TO "authenticated" USING (exists (select 1 from orders o where o.id = "order_lines"."order_id"
        and o.buyer_user_id = (select auth.uid())));--> statement-breakpoint
CREATE POLICY "order_lines_select_permitted" ON "order_lines" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("order_lines"."organisation_id", 'commerce.order.read'));--> statement-breakpoint
CREATE POLICY "order_refunds_select_buyer" ON "order_refunds" AS PERMISSIVE FOR SELECT TO "authenticated" USING (exists (select 1 from orders o where o.id = "order_refunds"."order_id"
        and o.buyer_user_id = (select auth.uid())));--> statement-breakpoint
CREATE POLICY "order_refunds_select_permitted" ON "order_refunds" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("order_refunds"."organisation_id", 'commerce.order.read'));--> statement-breakpoint
CREATE POLICY "order_refunds_insert_permitted" ON "order_refunds" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("order_refunds"."organisation_id", 'commerce.order.refund')
        and "order_refunds"."status" = 'requested' and "order_refunds"."requested_by" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "order_tasks_insert_permitted" ON "order_tasks" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("order_tasks"."organisation_id", 'commerce.order.write'));--> statement-breakpoint
CREATE POLICY "orders_select_buyer" ON "orders" AS PERMISSIVE FOR SELECT TO "authenticated" USING ("orders"."buyer_user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "orders_select_permitted" ON "orders" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("orders"."organisation_id", 'commerce.order.read'));--> statement-breakpoint
CREATE POLICY "orders_update_permitted" ON "orders" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("orders"."organisation_id", 'commerce.order.write')) WITH CHECK (app.has_permission("orders"."organisation_id", 'commerce.order.write'));--> statement-breakpoint
-- What others hold now (lib/cart/sellables.ts heldByOthers): unexpired cart holds and, from
-- this migration, the lines of pending orders whose hold has not passed (lib/orders). The
-- caller's own carts and orders are left out; quantities only, never whose.
CREATE OR REPLACE FUNCTION app.sellable_holds(p_kind text, p_ids uuid[])
RETURNS TABLE (sellable_id uuid, held integer)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  select h.sellable_id, sum(h.quantity)::integer
  from (
    select l.sellable_id, l.quantity
    from public.cart_lines l
    where l.sellable_kind = p_kind
      and l.sellable_id = any (p_ids)
      and l.hold_expires_at > now()
      and l.user_id is distinct from (select auth.uid())
    union all
    select ol.sellable_id, ol.quantity
    from public.order_lines ol
    join public.orders o on o.id = ol.order_id
    where ol.sellable_kind = p_kind
      and ol.sellable_id = any (p_ids)
      and ol.tracked
      and o.status = 'pending'
      and o.hold_expires_at > now()
      and o.buyer_user_id is distinct from (select auth.uid())
  ) h
  group by h.sellable_id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app.sellable_holds(text, uuid[]) FROM public;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.sellable_holds(text, uuid[]) TO anon, authenticated;
