CREATE TABLE "listing_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_images_position" CHECK ("listing_images"."position" >= 0),
	CONSTRAINT "listing_images_alt_length" CHECK (length("listing_images"."alt_text") <= 250),
	CONSTRAINT "listing_images_size" CHECK ("listing_images"."width" > 0 and "listing_images"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "listing_images" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_photos_size" CHECK ("review_photos"."width" > 0 and "review_photos"."height" > 0 and "review_photos"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "review_photos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_images_listing_position_idx" ON "listing_images" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listing_images_organisation_listing_idx" ON "listing_images" USING btree ("organisation_id","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_images_file_key" ON "listing_images" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "listing_images_organisation_file_idx" ON "listing_images" USING btree ("organisation_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_photos_storage_key" ON "review_photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "review_photos_review_position_idx" ON "review_photos" USING btree ("review_id","position");--> statement-breakpoint
CREATE INDEX "review_photos_organisation_idx" ON "review_photos" USING btree ("organisation_id");--> statement-breakpoint
CREATE POLICY "listing_images_select_published" ON "listing_images" AS PERMISSIVE FOR SELECT TO "anon", "authenticated" USING (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.status = 'published'));--> statement-breakpoint
CREATE POLICY "listing_images_select_permitted" ON "listing_images" AS PERMISSIVE FOR SELECT TO "authenticated" USING (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.organisation_id = "listing_images"."organisation_id"
    and app.has_permission("listing_images"."organisation_id", app.listing_permission(l.kind, 'read'))));--> statement-breakpoint
CREATE POLICY "listing_images_insert_permitted" ON "listing_images" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.organisation_id = "listing_images"."organisation_id"
    and app.has_permission("listing_images"."organisation_id", app.listing_permission(l.kind, 'write'))));--> statement-breakpoint
CREATE POLICY "listing_images_update_permitted" ON "listing_images" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.organisation_id = "listing_images"."organisation_id"
    and app.has_permission("listing_images"."organisation_id", app.listing_permission(l.kind, 'write')))) WITH CHECK (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.organisation_id = "listing_images"."organisation_id"
    and app.has_permission("listing_images"."organisation_id", app.listing_permission(l.kind, 'write'))));--> statement-breakpoint
CREATE POLICY "listing_images_delete_permitted" ON "listing_images" AS PERMISSIVE FOR DELETE TO "authenticated" USING (exists (select 1 from listings l where l.id = "listing_images"."listing_id" and l.organisation_id = "listing_images"."organisation_id"
    and app.has_permission("listing_images"."organisation_id", app.listing_permission(l.kind, 'write'))));--> statement-breakpoint
CREATE POLICY "review_photos_select_readable" ON "review_photos" AS PERMISSIVE FOR SELECT TO "anon", "authenticated" USING (exists (select 1 from reviews r where r.id = "review_photos"."review_id"));--> statement-breakpoint
CREATE POLICY "review_photos_insert_author" ON "review_photos" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (exists (select 1 from reviews r where r.id = "review_photos"."review_id"
        and r.organisation_id = "review_photos"."organisation_id"
        and r.author_user_id = auth.uid() and r.status = 'visible'));--> statement-breakpoint
CREATE POLICY "review_photos_delete_author" ON "review_photos" AS PERMISSIVE FOR DELETE TO "authenticated" USING (exists (select 1 from reviews r where r.id = "review_photos"."review_id"
        and r.author_user_id = auth.uid() and r.status = 'visible'));--> statement-breakpoint
-- A listing's images stay in its organisation, and so do the files behind them
-- (organisation_files_organisation_id_id_key: migration 0012).
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_listing_same_organisation_fk"
  FOREIGN KEY ("organisation_id", "listing_id") REFERENCES "listings" ("organisation_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_file_same_organisation_fk"
  FOREIGN KEY ("organisation_id", "file_id") REFERENCES "organisation_files" ("organisation_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
-- A review's photos stay in the review's organisation.
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_organisation_id_id_key" UNIQUE ("organisation_id", "id");
--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_same_organisation_fk"
  FOREIGN KEY ("organisation_id", "review_id") REFERENCES "reviews" ("organisation_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "review_photos_organisation_review_idx" ON "review_photos" USING btree ("organisation_id", "review_id");
