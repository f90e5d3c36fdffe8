CREATE TABLE "delivery_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"tax_class" text DEFAULT 'standard' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_rates_name_length" CHECK (char_length("delivery_rates"."name") between 1 and 80),
	CONSTRAINT "delivery_rates_price" CHECK ("delivery_rates"."price_minor" between 0 and 9999999999),
	CONSTRAINT "delivery_rates_currency_format" CHECK ("delivery_rates"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "delivery_rates_sort_order" CHECK ("delivery_rates"."sort_order" between 0 and 9999)
);
--> statement-breakpoint
ALTER TABLE "delivery_rates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"basis_points" integer,
	"amount_minor" bigint,
	"currency" text NOT NULL,
	"min_subtotal_minor" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_organisation_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "discount_codes_code_format" CHECK ("discount_codes"."code" ~ '^[A-Za-z0-9_-]{3,32}$'),
	CONSTRAINT "discount_codes_value" CHECK (("discount_codes"."kind" = 'percent' and "discount_codes"."basis_points" between 1 and 10000 and "discount_codes"."amount_minor" is null)
        or ("discount_codes"."kind" = 'fixed' and "discount_codes"."amount_minor" between 1 and 9999999999 and "discount_codes"."basis_points" is null)),
	CONSTRAINT "discount_codes_currency_format" CHECK ("discount_codes"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "discount_codes_min_subtotal" CHECK ("discount_codes"."min_subtotal_minor" is null or "discount_codes"."min_subtotal_minor" between 0 and 9999999999),
	CONSTRAINT "discount_codes_dates" CHECK ("discount_codes"."starts_at" is null or "discount_codes"."ends_at" is null or "discount_codes"."ends_at" > "discount_codes"."starts_at"),
	CONSTRAINT "discount_codes_limits" CHECK ("discount_codes"."used_count" >= 0 and ("discount_codes"."usage_limit" is null or "discount_codes"."usage_limit" >= 1)
        and ("discount_codes"."per_customer_limit" is null or "discount_codes"."per_customer_limit" >= 1))
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"discount_code_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_code_order_key" UNIQUE("discount_code_id","order_id"),
	CONSTRAINT "discount_redemptions_amount" CHECK ("discount_redemptions"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "selling_terms" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"prices_include_tax" boolean DEFAULT true NOT NULL,
	"pickup_enabled" boolean DEFAULT true NOT NULL,
	"pickup_note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selling_terms_pickup_note_length" CHECK (char_length("selling_terms"."pickup_note") <= 300)
);
--> statement-breakpoint
ALTER TABLE "selling_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"organisation_id" uuid NOT NULL,
	"tax_class" text NOT NULL,
	"basis_points" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_organisation_id_tax_class_pk" PRIMARY KEY("organisation_id","tax_class"),
	CONSTRAINT "tax_rates_basis_points" CHECK ("tax_rates"."basis_points" between 0 and 10000),
	CONSTRAINT "tax_rates_label_length" CHECK (char_length("tax_rates"."label") <= 40)
);
--> statement-breakpoint
ALTER TABLE "tax_rates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_same_organisation_fk" FOREIGN KEY ("organisation_id","discount_code_id") REFERENCES "public"."discount_codes"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selling_terms" ADD CONSTRAINT "selling_terms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_rates_organisation_sort_idx" ON "delivery_rates" USING btree ("organisation_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_organisation_code_key" ON "discount_codes" USING btree ("organisation_id",lower("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_organisation_created_idx" ON "discount_codes" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_user_idx" ON "discount_redemptions" USING btree ("discount_code_id","user_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_organisation_code_idx" ON "discount_redemptions" USING btree ("organisation_id","discount_code_id");--> statement-breakpoint
CREATE POLICY "delivery_rates_select_active" ON "delivery_rates" AS PERMISSIVE FOR SELECT TO "anon", "authenticated" USING ("delivery_rates"."active");--> statement-breakpoint
CREATE POLICY "delivery_rates_select_permitted" ON "delivery_rates" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("delivery_rates"."organisation_id", 'commerce.product.read'));--> statement-breakpoint
CREATE POLICY "delivery_rates_insert_permitted" ON "delivery_rates" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("delivery_rates"."organisation_id", 'commerce.settings.write'));--> statement-breakpoint
CREATE POLICY "delivery_rates_update_permitted" ON "delivery_rates" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("delivery_rates"."organisation_id", 'commerce.settings.write')) WITH CHECK (app.has_permission("delivery_rates"."organisation_id", 'commerce.settings.write'));--> statement-breakpoint
CREATE POLICY "delivery_rates_delete_permitted" ON "delivery_rates" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("delivery_rates"."organisation_id", 'commerce.settings.write'));--> statement-breakpoint
CREATE POLICY "discount_codes_select_permitted" ON "discount_codes" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("discount_codes"."organisation_id", 'commerce.product.read'));--> statement-breakpoint
CREATE POLICY "discount_codes_insert_permitted" ON "discount_codes" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("discount_codes"."organisation_id", 'commerce.discount.write'));--> statement-breakpoint
CREATE POLICY "discount_codes_update_permitted" ON "discount_codes" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("discount_codes"."organisation_id", 'commerce.discount.write')) WITH CHECK (app.has_permission("discount_codes"."organisation_id", 'commerce.discount.write'));--> statement-breakpoint
CREATE POLICY "discount_codes_delete_permitted" ON "discount_codes" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("discount_codes"."organisation_id", 'commerce.discount.write'));--> statement-breakpoint
CREATE POLICY "discount_redemptions_select_permitted" ON "discount_redemptions" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("discount_redemptions"."organisation_id", 'commerce.product.read'));--> statement-breakpoint
CREATE POLICY "selling_terms_select_public" ON "selling_terms" AS PERMISSIVE FOR SELECT TO "anon", "authenticated" USING (true);--> statement-breakpoint
CREATE POLICY "selling_terms_insert_permitted" ON "selling_terms" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("selling_terms"."organisation_id", 'commerce.settings.write'));--> statement-breakpoint
CREATE POLICY "selling_terms_update_permitted" ON "selling_terms" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("selling_terms"."organisation_id", 'commerce.settings.write')) WITH CHECK (app.has_permission("selling_terms"."organisation_id", 'commerce.settings.write'));--> statement-breakpoint
CREATE POLICY "selling_terms_delete_permitted" ON "selling_terms" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("selling_terms"."organisation_id", 'commerce.settings.write'));--> statement-breakpoint
CREATE POLICY "tax_rates_select_public" ON "tax_rates" AS PERMISSIVE FOR SELECT TO "anon", "authenticated" USING (true);--> statement-breakpoint
CREATE POLICY "tax_rates_insert_permitted" ON "tax_rates" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("tax_rates"."organisation_id", 'commerce.settings.write'));--> statement-breakpoint
CREATE POLICY "tax_rates_update_permitted" ON "tax_rates" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("tax_rates"."organisation_id", 'commerce.settings.write')) WITH CHECK (app.has_permission("tax_rates"."organisation_id", 'commerce.settings.write'));--> statement-breakpoint
CREATE POLICY "tax_rates_delete_permitted" ON "tax_rates" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("tax_rates"."organisation_id", 'commerce.settings.write'));--> statement-breakpoint
-- Quoting a discount code at checkout (lib/selling-terms/discounts.ts). SECURITY DEFINER: a
-- shopper cannot read discount_codes (codes are secrets) yet must be able to try the one they
-- typed. It answers for that code only: why it does not apply, or its id and value; never
-- another code, a list, or usage counts. The rules run in the order of the reasons (docs/
-- selling-terms.md). A caller under RLS (anon, authenticated) quotes only for themselves: the
-- user must be auth.uid() (a visitor without a user gets customer_limit on a code limited per
-- customer); the system (checkout placing the order) names the user.
CREATE OR REPLACE FUNCTION app.quote_discount(
  p_organisation uuid,
  p_code text,
  p_subtotal bigint,
  p_currency text,
  p_user uuid,
  p_at timestamptz
)
RETURNS TABLE (reason text, discount_code_id uuid, kind text, basis_points integer, amount_minor bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  c public.discount_codes%ROWTYPE;
  used_by_user integer;
BEGIN
  IF (coalesce(auth.role(), '') IN ('anon', 'authenticated')
      OR coalesce(current_setting('role', true), '') IN ('anon', 'authenticated'))
     AND p_user IS DISTINCT FROM (select auth.uid()) THEN
    RAISE EXCEPTION 'quote_discount: a caller quotes only for themselves' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO c FROM public.discount_codes d
  WHERE d.organisation_id = p_organisation AND lower(d.code) = lower(btrim(p_code));
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unknown'::text, NULL::uuid, NULL::text, NULL::integer, NULL::bigint;
    RETURN;
  END IF;
  reason := CASE
    WHEN NOT c.active THEN 'inactive'
    WHEN c.starts_at IS NOT NULL AND p_at < c.starts_at THEN 'not_started'
    WHEN c.ends_at IS NOT NULL AND p_at >= c.ends_at THEN 'ended'
    WHEN c.usage_limit IS NOT NULL AND c.used_count >= c.usage_limit THEN 'exhausted'
    WHEN (c.kind = 'fixed' OR c.min_subtotal_minor IS NOT NULL) AND c.currency <> p_currency
      THEN 'currency'
    WHEN c.min_subtotal_minor IS NOT NULL AND p_subtotal < c.min_subtotal_minor THEN 'min_subtotal'
    ELSE NULL
  END;
  IF reason IS NULL AND c.per_customer_limit IS NOT NULL THEN
    IF p_user IS NULL THEN
      reason := 'customer_limit';
    ELSE
      SELECT count(*)::integer INTO used_by_user FROM public.discount_redemptions r
      WHERE r.discount_code_id = c.id AND r.user_id = p_user;
      IF used_by_user >= c.per_customer_limit THEN
        reason := 'customer_limit';
      END IF;
    END IF;
  END IF;
  IF reason IS NOT NULL THEN
    RETURN QUERY SELECT reason, NULL::uuid, NULL::text, NULL::integer, NULL::bigint;
    RETURN;
  END IF;
  RETURN QUERY SELECT NULL::text, c.id, c.kind, c.basis_points, c.amount_minor;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app.quote_discount(uuid, text, bigint, text, uuid, timestamptz) FROM public;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.quote_discount(uuid, text, bigint, text, uuid, timestamptz) TO anon, authenticated;
