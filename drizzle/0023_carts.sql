CREATE TABLE "cart_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sellable_kind" text NOT NULL,
	"sellable_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_quantity" CHECK ("cart_lines"."quantity" between 1 and 99),
	CONSTRAINT "cart_lines_price" CHECK ("cart_lines"."unit_price_minor" between 0 and 9999999999),
	CONSTRAINT "cart_lines_currency_format" CHECK ("cart_lines"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_organisation_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "carts_currency_format" CHECK ("carts"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "carts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_fk" FOREIGN KEY ("organisation_id","cart_id") REFERENCES "public"."carts"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_cart_sellable_key" ON "cart_lines" USING btree ("cart_id","sellable_kind","sellable_id");--> statement-breakpoint
CREATE INDEX "cart_lines_organisation_cart_idx" ON "cart_lines" USING btree ("organisation_id","cart_id");--> statement-breakpoint
CREATE INDEX "cart_lines_user_idx" ON "cart_lines" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cart_lines_listing_idx" ON "cart_lines" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "cart_lines_holds_idx" ON "cart_lines" USING btree ("sellable_kind","sellable_id","hold_expires_at") WHERE "cart_lines"."hold_expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_organisation_key" ON "carts" USING btree ("user_id","organisation_id");--> statement-breakpoint
CREATE POLICY "cart_lines_select_own" ON "cart_lines" AS PERMISSIVE FOR SELECT TO "authenticated" USING ("cart_lines"."user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "cart_lines_insert_own" ON "cart_lines" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK ("cart_lines"."user_id" = (select auth.uid())
        and exists (select 1 from carts c where c.id = "cart_lines"."cart_id" and c.user_id = (select auth.uid())));--> statement-breakpoint
CREATE POLICY "cart_lines_update_own" ON "cart_lines" AS PERMISSIVE FOR UPDATE TO "authenticated" USING ("cart_lines"."user_id" = (select auth.uid())) WITH CHECK ("cart_lines"."user_id" = (select auth.uid())
        and exists (select 1 from carts c where c.id = "cart_lines"."cart_id" and c.user_id = (select auth.uid())));--> statement-breakpoint
CREATE POLICY "cart_lines_delete_own" ON "cart_lines" AS PERMISSIVE FOR DELETE TO "authenticated" USING ("cart_lines"."user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "carts_select_own" ON "carts" AS PERMISSIVE FOR SELECT TO "authenticated" USING ("carts"."user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "carts_insert_own" ON "carts" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK ("carts"."user_id" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "carts_delete_own" ON "carts" AS PERMISSIVE FOR DELETE TO "authenticated" USING ("carts"."user_id" = (select auth.uid()));--> statement-breakpoint
-- Stock held by other shoppers' carts (lib/cart): the sum of the quantities of lines whose
-- hold has not expired, per unit, leaving out the caller's own lines (which RLS shows them).
-- SECURITY DEFINER: a shopper cannot read other carts, but must not take what they hold. It
-- answers quantities only, never whose. Expired holds simply stop counting here.
CREATE OR REPLACE FUNCTION app.sellable_holds(p_kind text, p_ids uuid[])
RETURNS TABLE (sellable_id uuid, held integer)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  select l.sellable_id, sum(l.quantity)::integer
  from public.cart_lines l
  where l.sellable_kind = p_kind
    and l.sellable_id = any (p_ids)
    and l.hold_expires_at > now()
    and l.user_id is distinct from (select auth.uid())
  group by l.sellable_id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app.sellable_holds(text, uuid[]) FROM public;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.sellable_holds(text, uuid[]) TO anon, authenticated;
