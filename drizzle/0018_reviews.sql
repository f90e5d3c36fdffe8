CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"rating" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" uuid,
	"reported_at" timestamp with time zone,
	"report_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_title_length" CHECK (length("reviews"."title") <= 120),
	CONSTRAINT "reviews_body_length" CHECK (length("reviews"."body") <= 5000),
	CONSTRAINT "reviews_reply_length" CHECK ("reviews"."reply" is null or length("reviews"."reply") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "reviews" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_listing_author_key" ON "reviews" USING btree ("listing_id","author_user_id");--> statement-breakpoint
CREATE INDEX "reviews_listing_visible_idx" ON "reviews" USING btree ("listing_id","created_at") WHERE "reviews"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "reviews_organisation_created_idx" ON "reviews" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_user_id");--> statement-breakpoint
CREATE POLICY "reviews_select_visible" ON "reviews" AS PERMISSIVE FOR SELECT TO "anon", "authenticated" USING ("reviews"."status" = 'visible' and exists (select 1 from listings l where l.id = "reviews"."listing_id" and l.status = 'published'));--> statement-breakpoint
CREATE POLICY "reviews_select_author" ON "reviews" AS PERMISSIVE FOR SELECT TO "authenticated" USING ("reviews"."author_user_id" = auth.uid());--> statement-breakpoint
CREATE POLICY "reviews_select_permitted" ON "reviews" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.has_permission("reviews"."organisation_id", 'reviews.review.read'));--> statement-breakpoint
CREATE POLICY "reviews_insert_author" ON "reviews" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK ("reviews"."author_user_id" = auth.uid() and "reviews"."status" = 'visible' and "reviews"."reply" is null
        and not "reviews"."verified"
        and exists (select 1 from listings l where l.id = "reviews"."listing_id"
                    and l.organisation_id = "reviews"."organisation_id" and l.status = 'published'));--> statement-breakpoint
CREATE POLICY "reviews_update_author_or_permitted" ON "reviews" AS PERMISSIVE FOR UPDATE TO "authenticated" USING ("reviews"."author_user_id" = auth.uid()
        or app.has_permission("reviews"."organisation_id", 'reviews.review.reply')
        or app.has_permission("reviews"."organisation_id", 'reviews.review.report')) WITH CHECK ("reviews"."author_user_id" = auth.uid()
        or app.has_permission("reviews"."organisation_id", 'reviews.review.reply')
        or app.has_permission("reviews"."organisation_id", 'reviews.review.report'));--> statement-breakpoint
CREATE POLICY "reviews_delete_author" ON "reviews" AS PERMISSIVE FOR DELETE TO "authenticated" USING ("reviews"."author_user_id" = auth.uid());--> statement-breakpoint
-- A review stays in its listing's organisation, and its author has a profile.
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_listing_same_organisation_fk"
  FOREIGN KEY ("organisation_id", "listing_id") REFERENCES "listings" ("organisation_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "reviews_organisation_listing_idx" ON "reviews" USING btree ("organisation_id", "listing_id");
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_profile_fk"
  FOREIGN KEY ("author_user_id") REFERENCES "profiles" ("id") ON DELETE CASCADE;
--> statement-breakpoint
-- Who may change what (the policies let authors and permitted members update the row; this
-- trigger narrows the columns): the author the rating, title and text of their own review
-- (not while it is reported or removed); a member with reviews.review.reply the reply; with
-- reviews.review.report, reporting it (visible → reported, with a reason). The author's
-- name is copied from their profile on insert. System work (seeds, a moderator's job) is
-- not held.
CREATE OR REPLACE FUNCTION app.reviews_write_guard()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  caller uuid := auth.uid();
  restricted boolean := current_user IN ('authenticated', 'anon')
    OR session_user = 'app_authenticator';
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(p.display_name, '') INTO NEW.author_name
      FROM public.profiles p WHERE p.id = NEW.author_user_id;
    NEW.author_name := coalesce(NEW.author_name, '');
    RETURN NEW;
  END IF;
  IF NOT restricted THEN
    RETURN NEW;
  END IF;
  IF NEW.id <> OLD.id OR NEW.organisation_id <> OLD.organisation_id
     OR NEW.listing_id <> OLD.listing_id OR NEW.author_user_id <> OLD.author_user_id
     OR NEW.author_name <> OLD.author_name OR NEW.verified <> OLD.verified
     OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'these review columns cannot change' USING ERRCODE = '42501';
  END IF;
  -- The author: rating, title, text, while the review is visible.
  IF (NEW.rating, NEW.title, NEW.body) IS DISTINCT FROM (OLD.rating, OLD.title, OLD.body) THEN
    IF OLD.author_user_id IS DISTINCT FROM caller OR OLD.status <> 'visible' THEN
      RAISE EXCEPTION 'only the author edits a visible review' USING ERRCODE = '42501';
    END IF;
  END IF;
  -- The organisation: the reply.
  IF (NEW.reply, NEW.replied_at, NEW.replied_by) IS DISTINCT FROM (OLD.reply, OLD.replied_at, OLD.replied_by) THEN
    IF NOT app.has_permission(OLD.organisation_id, 'reviews.review.reply')
       OR (NEW.reply IS NOT NULL AND NEW.replied_by IS DISTINCT FROM caller) THEN
      RAISE EXCEPTION 'replying needs reviews.review.reply' USING ERRCODE = '42501';
    END IF;
  END IF;
  -- The organisation: reporting (never un-reporting or removing: a moderator decides).
  IF (NEW.status, NEW.reported_at, NEW.report_reason) IS DISTINCT FROM (OLD.status, OLD.reported_at, OLD.report_reason) THEN
    IF NOT app.has_permission(OLD.organisation_id, 'reviews.review.report')
       OR OLD.status <> 'visible' OR NEW.status <> 'reported' THEN
      RAISE EXCEPTION 'reporting needs reviews.review.report' USING ERRCODE = '42501';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_write_guard
  BEFORE INSERT OR UPDATE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION app.reviews_write_guard();
--> statement-breakpoint
-- The listing's rating summary (count, sum, per-star counts) over its visible reviews, kept
-- in the review's own transaction. SECURITY DEFINER: the author cannot write listings.
CREATE OR REPLACE FUNCTION app.reviews_rating_summary()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  target uuid;
BEGIN
  FOR target IN
    SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.listing_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.listing_id END]) AS x WHERE x IS NOT NULL
  LOOP
    UPDATE public.listings l
       SET rating_count = s.n, rating_sum = s.total, rating_histogram = s.histogram
      FROM (
        SELECT count(*)::int AS n, coalesce(sum(r.rating), 0)::int AS total,
               ARRAY[count(*) FILTER (WHERE r.rating = 1), count(*) FILTER (WHERE r.rating = 2),
                     count(*) FILTER (WHERE r.rating = 3), count(*) FILTER (WHERE r.rating = 4),
                     count(*) FILTER (WHERE r.rating = 5)]::int[] AS histogram
          FROM public.reviews r
         WHERE r.listing_id = target AND r.status = 'visible'
      ) s
     WHERE l.id = target;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_rating_summary
  AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION app.reviews_rating_summary();
