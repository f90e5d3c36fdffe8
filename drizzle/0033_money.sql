CREATE TABLE "payment_accounts" (
	"organisation_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payment_balance_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"currency" text NOT NULL,
	"gross_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"net_minor" bigint NOT NULL,
	"fee_basis_points" integer DEFAULT 0 NOT NULL,
	"tier" text,
	"available_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_balance_entries_currency_format" CHECK ("payment_balance_entries"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payment_balance_entries_net" CHECK ("payment_balance_entries"."net_minor" = "payment_balance_entries"."gross_minor" - "payment_balance_entries"."fee_minor"),
	CONSTRAINT "payment_balance_entries_signs" CHECK (("payment_balance_entries"."kind" = 'charge' and "payment_balance_entries"."gross_minor" > 0 and "payment_balance_entries"."fee_minor" between 0 and "payment_balance_entries"."gross_minor" and "payment_balance_entries"."order_id" = "payment_balance_entries"."source_id")
        or ("payment_balance_entries"."kind" = 'refund' and "payment_balance_entries"."gross_minor" < 0 and "payment_balance_entries"."fee_minor" between "payment_balance_entries"."gross_minor" and 0 and "payment_balance_entries"."order_id" is not null)
        or ("payment_balance_entries"."kind" = 'payout' and "payment_balance_entries"."gross_minor" < 0 and "payment_balance_entries"."fee_minor" = 0 and "payment_balance_entries"."payout_id" = "payment_balance_entries"."source_id")
        or ("payment_balance_entries"."kind" = 'payout_reversal' and "payment_balance_entries"."gross_minor" > 0 and "payment_balance_entries"."fee_minor" = 0 and "payment_balance_entries"."payout_id" = "payment_balance_entries"."source_id"))
);
--> statement-breakpoint
ALTER TABLE "payment_balance_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payment_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_payout_id" text,
	"failure_code" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_payouts_amount" CHECK ("payment_payouts"."amount_minor" > 0),
	CONSTRAINT "payment_payouts_currency_format" CHECK ("payment_payouts"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "payment_payouts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_balance_entries" ADD CONSTRAINT "payment_balance_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_balance_entries" ADD CONSTRAINT "payment_balance_entries_payout_id_payment_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payment_payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_payouts" ADD CONSTRAINT "payment_payouts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_payouts" ADD CONSTRAINT "payment_payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_organisation_provider" ON "payment_accounts" USING btree ("organisation_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_account" ON "payment_accounts" USING btree ("provider","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_balance_entries_source" ON "payment_balance_entries" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "payment_balance_entries_organisation_idx" ON "payment_balance_entries" USING btree ("organisation_id","currency","created_at");--> statement-breakpoint
CREATE INDEX "payment_balance_entries_order_idx" ON "payment_balance_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_balance_entries_payout_idx" ON "payment_balance_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payment_payouts_organisation_idx" ON "payment_payouts" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_payouts_requested_by_idx" ON "payment_payouts" USING btree ("requested_by");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_payouts_one_open" ON "payment_payouts" USING btree ("organisation_id") WHERE "payment_payouts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_payouts_provider_key" ON "payment_payouts" USING btree ("provider","provider_payout_id");--> statement-breakpoint
CREATE POLICY "order_refunds_select_payment" ON "order_refunds" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("order_refunds"."organisation_id", 'payment.charge.read'));--> statement-breakpoint
CREATE POLICY "orders_select_payment" ON "orders" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("orders"."organisation_id", 'payment.charge.read'));--> statement-breakpoint
CREATE POLICY "payment_accounts_select_permitted" ON "payment_accounts" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("payment_accounts"."organisation_id", 'payment.charge.read'));--> statement-breakpoint
CREATE POLICY "payment_balance_entries_select_permitted" ON "payment_balance_entries" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("payment_balance_entries"."organisation_id", 'payment.charge.read'));--> statement-breakpoint
CREATE POLICY "payment_balance_entries_insert_payout" ON "payment_balance_entries" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("payment_balance_entries"."organisation_id", 'payment.payout.write')
        and "payment_balance_entries"."kind" = 'payout' and exists (select 1 from payment_payouts p
          where p.id = "payment_balance_entries"."payout_id" and p.organisation_id = "payment_balance_entries"."organisation_id"
            and p.status = 'pending' and p.requested_by = (select auth.uid())
            and p.currency = "payment_balance_entries"."currency" and p.amount_minor = - "payment_balance_entries"."gross_minor"));--> statement-breakpoint
CREATE POLICY "payment_payouts_select_permitted" ON "payment_payouts" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("payment_payouts"."organisation_id", 'payment.charge.read'));--> statement-breakpoint
CREATE POLICY "payment_payouts_insert_permitted" ON "payment_payouts" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("payment_payouts"."organisation_id", 'payment.payout.write')
        and "payment_payouts"."status" = 'pending' and "payment_payouts"."requested_by" = (select auth.uid())
        and "payment_payouts"."provider_payout_id" is null and "payment_payouts"."settled_at" is null);--> statement-breakpoint
ALTER POLICY "order_refunds_insert_permitted" ON "order_refunds" TO authenticated WITH CHECK (app.has_permission("order_refunds"."organisation_id", 'payment.refund.write')
        and "order_refunds"."status" = 'requested' and "order_refunds"."requested_by" = (select auth.uid()));--> statement-breakpoint
-- Hand-written (docs/income.md). The ledger is appended and never changed: nobody signed in
-- updates or deletes an entry or a payout (payouts are settled by the system); members insert
-- only a payout and its debit (the policies above).
REVOKE INSERT, UPDATE, DELETE ON "payment_accounts" FROM anon, authenticated;--> statement-breakpoint
REVOKE UPDATE, DELETE ON "payment_balance_entries", "payment_payouts" FROM anon, authenticated;--> statement-breakpoint
REVOKE INSERT ON "payment_balance_entries", "payment_payouts" FROM anon;--> statement-breakpoint
-- commerce.order.refund became payment.refund.write (one refund permission wherever it is
-- used): custom roles that held the old name hold the new one.
UPDATE "role_permissions" SET "permission" = 'payment.refund.write' WHERE "permission" = 'commerce.order.refund';--> statement-breakpoint
DELETE FROM "builtin_role_grants" WHERE "permission" = 'commerce.order.refund';
