CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"usage_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_title_length" CHECK (char_length("offers"."title") between 1 and 120),
	CONSTRAINT "offers_ends_after_starts" CHECK ("offers"."ends_at" > "offers"."starts_at"),
	CONSTRAINT "offers_value" CHECK (("offers"."kind" = 'percentage' and "offers"."value" between 1 and 90)
        or ("offers"."kind" = 'fixed_price' and "offers"."value" between 0 and 9999999999)),
	CONSTRAINT "offers_usage" CHECK ("offers"."used" >= 0 and ("offers"."usage_limit" is null or "offers"."usage_limit" >= 1))
);
--> statement-breakpoint
ALTER TABLE "offers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_organisation_listing_idx" ON "offers" USING btree ("organisation_id","listing_id");--> statement-breakpoint
CREATE INDEX "offers_organisation_ends_idx" ON "offers" USING btree ("organisation_id","ends_at");--> statement-breakpoint
CREATE INDEX "offers_listing_running_idx" ON "offers" USING btree ("listing_id","ends_at") WHERE "offers"."ended_at" is null;--> statement-breakpoint
CREATE POLICY "offers_select_permitted" ON "offers" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("offers"."organisation_id", 'commerce.product.read'));--> statement-breakpoint
CREATE POLICY "offers_insert_permitted" ON "offers" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.has_permission("offers"."organisation_id", 'commerce.offer.write'));--> statement-breakpoint
CREATE POLICY "offers_update_permitted" ON "offers" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (app.has_permission("offers"."organisation_id", 'commerce.offer.write')) WITH CHECK (app.has_permission("offers"."organisation_id", 'commerce.offer.write'));--> statement-breakpoint
CREATE POLICY "offers_delete_permitted" ON "offers" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.has_permission("offers"."organisation_id", 'commerce.offer.write'));--> statement-breakpoint
CREATE POLICY "offers_select_running" ON "offers" AS PERMISSIVE FOR SELECT TO "anon", "authenticated" USING ("offers"."ended_at" is null and "offers"."starts_at" <= now() and "offers"."ends_at" > now()
        and ("offers"."usage_limit" is null or "offers"."used" < "offers"."usage_limit")
        and exists (select 1 from listings l where l.id = "offers"."listing_id" and l.status = 'published'));--> statement-breakpoint
-- An offer's listing belongs to the offer's organisation (like the product tables, 0017).
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_same_organisation_fk"
  FOREIGN KEY ("organisation_id", "listing_id") REFERENCES "listings" ("organisation_id", "id") ON DELETE CASCADE;
