CREATE TABLE "billing_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"module" text NOT NULL,
	"tier" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_code" text,
	"provider" text NOT NULL,
	"payment_id" text,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "billing_charges_kind" CHECK ("billing_charges"."kind" in ('purchase', 'renewal')),
	CONSTRAINT "billing_charges_status" CHECK ("billing_charges"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "billing_charges_amount" CHECK ("billing_charges"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "billing_charges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"organisation_id" uuid,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_one_owner" CHECK (("billing_customers"."user_id" is null) <> ("billing_customers"."organisation_id" is null))
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_customer_id" uuid NOT NULL,
	"user_id" uuid,
	"organisation_id" uuid,
	"provider" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payment_methods_one_owner" CHECK (("billing_payment_methods"."user_id" is null) <> ("billing_payment_methods"."organisation_id" is null)),
	CONSTRAINT "billing_payment_methods_card" CHECK ("billing_payment_methods"."last4" ~ '^[0-9]{4}$' and "billing_payment_methods"."exp_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"module" text NOT NULL,
	"tier" text NOT NULL,
	"status" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscriptions_status" CHECK ("billing_subscriptions"."status" in ('active', 'lapsed', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_billing_customer_id_billing_customers_id_fk" FOREIGN KEY ("billing_customer_id") REFERENCES "public"."billing_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_charges_organisation_idx" ON "billing_charges" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_charges_created_by_idx" ON "billing_charges" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_payment" ON "billing_charges" USING btree ("provider","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_one_renewal" ON "billing_charges" USING btree ("organisation_id","module","period_start") WHERE "billing_charges"."kind" = 'renewal';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_provider_customer" ON "billing_customers" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_user" ON "billing_customers" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_organisation" ON "billing_customers" USING btree ("organisation_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_provider_method" ON "billing_payment_methods" USING btree ("provider","payment_method_id");--> statement-breakpoint
CREATE INDEX "billing_payment_methods_customer_idx" ON "billing_payment_methods" USING btree ("billing_customer_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_payment_methods_user_idx" ON "billing_payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "billing_payment_methods_organisation_idx" ON "billing_payment_methods" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_one_default" ON "billing_payment_methods" USING btree ("billing_customer_id") WHERE "billing_payment_methods"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_organisation_module" ON "billing_subscriptions" USING btree ("organisation_id","module");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_due_idx" ON "billing_subscriptions" USING btree ("current_period_end") WHERE "billing_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE POLICY "billing_charges_select_permitted" ON "billing_charges" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("billing_charges"."organisation_id", 'billing.account.read'));--> statement-breakpoint
CREATE POLICY "billing_charges_insert_permitted" ON "billing_charges" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("billing_charges"."organisation_id", 'billing.account.write') and "billing_charges"."status" = 'pending' and "billing_charges"."kind" = 'purchase' and "billing_charges"."created_by" = (select auth.uid()));--> statement-breakpoint
CREATE POLICY "billing_customers_select_owner" ON "billing_customers" AS PERMISSIVE FOR SELECT TO "authenticated" USING (("billing_customers"."user_id" = (select auth.uid()) or ("billing_customers"."organisation_id" is not null and app.has_permission("billing_customers"."organisation_id", 'billing.account.read'))));--> statement-breakpoint
CREATE POLICY "billing_payment_methods_select_owner" ON "billing_payment_methods" AS PERMISSIVE FOR SELECT TO "authenticated" USING (("billing_payment_methods"."user_id" = (select auth.uid()) or ("billing_payment_methods"."organisation_id" is not null and app.has_permission("billing_payment_methods"."organisation_id", 'billing.account.read'))));--> statement-breakpoint
CREATE POLICY "billing_payment_methods_update_owner" ON "billing_payment_methods" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (("billing_payment_methods"."user_id" = (select auth.uid()) or ("billing_payment_methods"."organisation_id" is not null and app.has_permission("billing_payment_methods"."organisation_id", 'billing.account.write')))) WITH CHECK (("billing_payment_methods"."user_id" = (select auth.uid()) or ("billing_payment_methods"."organisation_id" is not null and app.has_permission("billing_payment_methods"."organisation_id", 'billing.account.write'))));--> statement-breakpoint
CREATE POLICY "billing_payment_methods_delete_owner" ON "billing_payment_methods" AS PERMISSIVE FOR DELETE TO "authenticated" USING (("billing_payment_methods"."user_id" = (select auth.uid()) or ("billing_payment_methods"."organisation_id" is not null and app.has_permission("billing_payment_methods"."organisation_id", 'billing.account.write'))));--> statement-breakpoint
CREATE POLICY "billing_subscriptions_select_permitted" ON "billing_subscriptions" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("billing_subscriptions"."organisation_id", 'billing.account.read'));--> statement-breakpoint
-- Hand-written (docs/billing.md). Customers, subscriptions and charge outcomes are written by
-- system contexts only: users get no write on them (RLS has no policy either). On saved cards
-- a user changes the default flag and nothing else; charges are only inserted (pending).
REVOKE INSERT, UPDATE, DELETE ON "billing_customers" FROM anon, authenticated;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON "billing_subscriptions" FROM anon, authenticated;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "billing_charges" FROM anon, authenticated;--> statement-breakpoint
REVOKE INSERT, UPDATE ON "billing_payment_methods" FROM anon, authenticated;--> statement-breakpoint
GRANT UPDATE ("is_default") ON "billing_payment_methods" TO authenticated;--> statement-breakpoint
REVOKE INSERT, DELETE ON "billing_charges", "billing_payment_methods" FROM anon;
