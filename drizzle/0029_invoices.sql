CREATE TABLE "invoice_counters" (
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"series_year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_counters_pkey" PRIMARY KEY("organisation_id","kind","series_year"),
	CONSTRAINT "invoice_counters_last" CHECK ("invoice_counters"."last_sequence" >= 1)
);
--> statement-breakpoint
ALTER TABLE "invoice_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_pdfs" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_pdfs_size" CHECK (octet_length("invoice_pdfs"."content") between 5 and 5242880)
);
--> statement-breakpoint
ALTER TABLE "invoice_pdfs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"series_year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"discount_minor" bigint NOT NULL,
	"delivery_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"credited_invoice_id" uuid,
	"refund_id" text,
	"reason" text,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("organisation_id","kind","series_year","sequence"),
	CONSTRAINT "invoices_organisation_number_unique" UNIQUE("organisation_id","number"),
	CONSTRAINT "invoices_currency" CHECK ("invoices"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "invoices_sequence" CHECK ("invoices"."sequence" >= 1 and "invoices"."series_year" between 2000 and 9999),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."subtotal_minor" >= 0 and "invoices"."discount_minor" >= 0 and "invoices"."delivery_minor" >= 0
        and "invoices"."tax_minor" >= 0 and "invoices"."total_minor" >= 0 and "invoices"."tax_minor" <= "invoices"."total_minor"
        and "invoices"."total_minor" = "invoices"."subtotal_minor" - "invoices"."discount_minor" + "invoices"."delivery_minor"),
	CONSTRAINT "invoices_credit_note_fields" CHECK (("invoices"."kind" = 'invoice' and "invoices"."credited_invoice_id" is null and "invoices"."refund_id" is null
          and "invoices"."reason" is null)
        or ("invoices"."kind" = 'credit_note' and "invoices"."credited_invoice_id" is not null
          and "invoices"."refund_id" is not null and char_length("invoices"."refund_id") between 1 and 200
          and "invoices"."total_minor" > 0 and char_length(coalesce("invoices"."reason", '')) <= 500))
);
--> statement-breakpoint
ALTER TABLE "invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_pdfs" ADD CONSTRAINT "invoice_pdfs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_pdfs" ADD CONSTRAINT "invoice_pdfs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_pdfs_organisation_idx" ON "invoice_pdfs" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_refund" ON "invoices" USING btree ("organisation_id","refund_id") WHERE "invoices"."kind" = 'credit_note';--> statement-breakpoint
CREATE INDEX "invoices_buyer_issued_idx" ON "invoices" USING btree ("buyer_user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_organisation_issued_idx" ON "invoices" USING btree ("organisation_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
CREATE POLICY "invoice_pdfs_select_readable" ON "invoice_pdfs" AS PERMISSIVE FOR SELECT TO "authenticated" USING (exists (select 1 from public.invoices i where i.id = "invoice_pdfs"."invoice_id"));--> statement-breakpoint
CREATE POLICY "invoices_select_buyer_or_permitted" ON "invoices" AS PERMISSIVE FOR SELECT TO "authenticated" USING ("invoices"."buyer_user_id" = (select auth.uid())
        or app.has_permission("invoices"."organisation_id", 'commerce.order.read'));--> statement-breakpoint
-- Documents are issued from system contexts only (the order's payment and refund): users and
-- visitors read under the policies above and write nothing, whatever a policy might say.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON public.invoices, public.invoice_counters, public.invoice_pdfs
  FROM anon, authenticated, service_role;
--> statement-breakpoint
-- Issued documents and their stored PDFs never change and are never deleted, the owner's
-- statements included; only the cascade of the organisation's deletion (nested in the foreign
-- key's trigger) removes them, as for audit entries.
CREATE OR REPLACE FUNCTION app.invoices_immutable()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'issued invoices and credit notes are immutable' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.invoices_immutable() FROM public, anon, authenticated, service_role;
--> statement-breakpoint
CREATE TRIGGER invoices_immutable
  BEFORE UPDATE OR DELETE ON public.invoices
  FOR EACH ROW EXECUTE FUNCTION app.invoices_immutable();
--> statement-breakpoint
CREATE TRIGGER invoice_pdfs_immutable
  BEFORE UPDATE OR DELETE ON public.invoice_pdfs
  FOR EACH ROW EXECUTE FUNCTION app.invoices_immutable();
--> statement-breakpoint
CREATE TRIGGER invoices_no_truncate
  BEFORE TRUNCATE ON public.invoices
  FOR EACH STATEMENT EXECUTE FUNCTION app.invoices_immutable();
--> statement-breakpoint
-- A credit note credits an invoice of its own organisation, order, buyer and currency, and the
-- credit notes of an invoice never add up to more than it: checked with the invoice's row
-- locked, so two credit notes issued at once are checked one after the other. The app checks
-- the same first (lib/invoices/issue.ts) for a clear answer; this is the backstop.
CREATE OR REPLACE FUNCTION app.invoices_credit_cap()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
DECLARE
  credited public.invoices%ROWTYPE;
  already bigint;
BEGIN
  IF NEW.kind <> 'credit_note' THEN
    RETURN NEW;
  END IF;
  SELECT * INTO credited FROM public.invoices WHERE id = NEW.credited_invoice_id FOR UPDATE;
  IF NOT FOUND OR credited.kind <> 'invoice'
     OR credited.organisation_id <> NEW.organisation_id
     OR credited.order_id <> NEW.order_id
     OR credited.buyer_user_id <> NEW.buyer_user_id
     OR credited.currency <> NEW.currency THEN
    RAISE EXCEPTION 'a credit note must credit an invoice of its organisation, order, buyer and currency'
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT coalesce(sum(total_minor), 0) INTO already
    FROM public.invoices WHERE credited_invoice_id = credited.id;
  IF already + NEW.total_minor > credited.total_minor THEN
    RAISE EXCEPTION 'credit notes would exceed the invoice' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.invoices_credit_cap() FROM public, anon, authenticated, service_role;
--> statement-breakpoint
CREATE TRIGGER invoices_credit_cap
  BEFORE INSERT ON public.invoices
  FOR EACH ROW EXECUTE FUNCTION app.invoices_credit_cap();
