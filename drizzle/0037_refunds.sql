ALTER TABLE "payment_accounts" ADD COLUMN "charges_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "restock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "order_lines_pending_holds_idx" ON "order_lines" USING btree ("sellable_kind","sellable_id") WHERE "order_lines"."pending";--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_one_restock" ON "order_refunds" USING btree ("order_id") WHERE "order_refunds"."restock";--> statement-breakpoint
CREATE POLICY "order_events_insert_refund" ON "order_events" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (("order_events"."kind" = 'refund_requested' or ("order_events"."kind" = 'restocked'
          and app.has_permission("order_events"."organisation_id", 'commerce.product.write')))
        and app.has_permission("order_events"."organisation_id", 'payment.refund.write')
        and "order_events"."actor_user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "order_lines_select_payment" ON "order_lines" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("order_lines"."organisation_id", 'payment.charge.read'));--> statement-breakpoint
CREATE POLICY "orders_lock_refund" ON "orders" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("orders"."organisation_id", 'payment.refund.write')) WITH CHECK (false);--> statement-breakpoint
ALTER POLICY "order_refunds_insert_permitted" ON "order_refunds" TO authenticated WITH CHECK (app.has_permission("order_refunds"."organisation_id", 'payment.refund.write')
        and "order_refunds"."status" = 'requested' and "order_refunds"."requested_by" = (select auth.uid())
        and (not "order_refunds"."restock" or app.has_permission("order_refunds"."organisation_id", 'commerce.product.write')));--> statement-breakpoint
-- order_lines.pending: whether the line's order is pending (its hold may count), kept by the
-- database whoever writes the order (placing, payment events, the upkeep, a cancellation), so
-- the holds queries read the pending lines through order_lines_pending_holds_idx.
UPDATE "order_lines" ol SET "pending" = true
  FROM "orders" o WHERE o.id = ol.order_id AND o.status = 'pending';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.order_lines_pending_on_insert()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  NEW.pending := EXISTS (SELECT 1 FROM public.orders o
                          WHERE o.id = NEW.order_id AND o.status = 'pending');
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.order_lines_pending_on_insert() FROM public;
--> statement-breakpoint
CREATE TRIGGER order_lines_pending_on_insert
  BEFORE INSERT ON "order_lines"
  FOR EACH ROW EXECUTE FUNCTION app.order_lines_pending_on_insert();
--> statement-breakpoint
-- Security definer: the lines follow the order even when a member under RLS changes its status
-- (members have no update policy on order_lines).
CREATE OR REPLACE FUNCTION app.orders_lines_pending()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  UPDATE public.order_lines
     SET pending = (NEW.status = 'pending')
   WHERE order_id = NEW.id AND pending IS DISTINCT FROM (NEW.status = 'pending');
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.orders_lines_pending() FROM public;
--> statement-breakpoint
CREATE TRIGGER orders_lines_pending
  AFTER UPDATE OF status ON "orders"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION app.orders_lines_pending();
--> statement-breakpoint
-- The shoppers' holds (0027) read the pending lines through the same index.
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
    where ol.pending
      and ol.sellable_kind = p_kind
      and ol.sellable_id = any (p_ids)
      and ol.tracked
      and o.status = 'pending'
      and o.hold_expires_at > now()
      and o.buyer_user_id is distinct from (select auth.uid())
  ) h
  group by h.sellable_id
$$;
