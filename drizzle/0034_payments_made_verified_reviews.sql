ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_last4" text;--> statement-breakpoint
CREATE INDEX "orders_buyer_paid_idx" ON "orders" USING btree ("buyer_user_id","paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_card_last4" CHECK ("orders"."card_last4" is null or "orders"."card_last4" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER POLICY "reviews_insert_author" ON "reviews" TO authenticated WITH CHECK ("reviews"."author_user_id" = auth.uid() and "reviews"."status" = 'visible' and "reviews"."reply" is null
        and exists (select 1 from listings l where l.id = "reviews"."listing_id"
                    and l.organisation_id = "reviews"."organisation_id" and l.status = 'published'));--> statement-breakpoint
-- Hand-written (docs/commerce.md "Verified purchase", docs/billing.md "Payments made").
--
-- Whether a user bought a listing of an organisation: a confirmed or completed order of that
-- organisation, paid or partly refunded, with a line of that listing. A cancelled, expired or
-- fully refunded order does not count. SECURITY DEFINER (the reviews' triggers ask it whoever
-- writes); one indexed probe (orders by buyer, lines by order).
CREATE OR REPLACE FUNCTION app.review_purchase_verified(p_user uuid, p_organisation uuid, p_listing uuid)
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT EXISTS (
    SELECT 1
      FROM public.orders o
      JOIN public.order_lines l ON l.order_id = o.id AND l.organisation_id = o.organisation_id
     WHERE o.buyer_user_id = p_user
       AND o.organisation_id = p_organisation
       AND l.listing_id = p_listing
       AND o.status IN ('confirmed', 'completed')
       AND o.payment_status IN ('paid', 'partially_refunded'))
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.review_purchase_verified(uuid, uuid, uuid) FROM public;
--> statement-breakpoint
-- reviews_write_guard (0021) with "verified purchase": computed on insert, and changed on
-- update only to what app.review_purchase_verified() answers.
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
    -- "Verified purchase" is the database's answer, whatever the writer sent.
    NEW.verified := app.review_purchase_verified(NEW.author_user_id, NEW.organisation_id,
                                                 NEW.listing_id);
    RETURN NEW;
  END IF;
  IF NOT restricted THEN
    RETURN NEW;
  END IF;
  IF NEW.id <> OLD.id OR NEW.organisation_id <> OLD.organisation_id
     OR NEW.listing_id <> OLD.listing_id OR NEW.author_user_id <> OLD.author_user_id
     OR NEW.author_name <> OLD.author_name
     OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'these review columns cannot change' USING ERRCODE = '42501';
  END IF;
  -- "Verified purchase" only ever changes to the truth (app.orders_review_verification
  -- refreshes it when an order changes, even in a seller's transaction): nobody sets it.
  IF NEW.verified IS DISTINCT FROM OLD.verified
     AND NEW.verified IS DISTINCT FROM app.review_purchase_verified(
           OLD.author_user_id, OLD.organisation_id, OLD.listing_id) THEN
    RAISE EXCEPTION 'verified purchase is set by the orders' USING ERRCODE = '42501';
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
  IF (NEW.status, NEW.reported_at, NEW.report_reason) IS DISTINCT FROM (OLD.status, OLD.reported_at, OLD.report_reason) THEN
    IF OLD.status = 'reported' AND NEW.status IN ('visible', 'removed') THEN
      -- A moderator's decision (app.decide_review()).
      IF caller IS NULL OR OLD.author_user_id = caller
         OR NOT EXISTS (SELECT 1 FROM public.platform_moderators m WHERE m.user_id = caller)
         OR NOT EXISTS (
           SELECT 1 FROM public.audit_entries a
            WHERE a.organisation_id = OLD.organisation_id
              AND a.resource_type = 'review'
              AND a.created_at = now()
              AND a.resource_id = OLD.id::text
              AND a.actor_user_id = caller
              AND a.action = CASE NEW.status WHEN 'visible' THEN 'reviews.review.restore'
                                             ELSE 'reviews.review.remove' END) THEN
        RAISE EXCEPTION 'only a moderator decides on a reported review, on the record'
          USING ERRCODE = '42501';
      END IF;
    -- The organisation: reporting (never un-reporting or removing: a moderator decides).
    ELSIF NOT app.has_permission(OLD.organisation_id, 'reviews.review.report')
       OR OLD.status <> 'visible' OR NEW.status <> 'reported' THEN
      RAISE EXCEPTION 'reporting needs reviews.review.report' USING ERRCODE = '42501';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- When one of a buyer's orders changes state (confirmed, cancelled, refunded, …), their reviews
-- of the order's listings are verified again, in the same transaction, whichever path changed
-- it (a payment event, the upkeep's reconciliation, a free order, a seller's cancellation).
CREATE OR REPLACE FUNCTION app.orders_review_verification()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  -- Lock the reviews first: a concurrent change of another order of the same buyer waits
  -- here, and the next statement (a new snapshot) sees its outcome, so the last to commit
  -- never writes an answer computed without the other's order.
  PERFORM 1
     FROM public.reviews r
    WHERE r.author_user_id = NEW.buyer_user_id
      AND r.organisation_id = NEW.organisation_id
      AND r.listing_id IN (SELECT l.listing_id FROM public.order_lines l WHERE l.order_id = NEW.id)
      FOR UPDATE;
  UPDATE public.reviews r
     SET verified = v.verified
    FROM (
      SELECT r2.id,
             app.review_purchase_verified(r2.author_user_id, r2.organisation_id, r2.listing_id)
               AS verified
        FROM public.reviews r2
       WHERE r2.author_user_id = NEW.buyer_user_id
         AND r2.organisation_id = NEW.organisation_id
         AND r2.listing_id IN (SELECT l.listing_id FROM public.order_lines l
                                WHERE l.order_id = NEW.id)
    ) v
   WHERE r.id = v.id AND r.verified IS DISTINCT FROM v.verified;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.orders_review_verification() FROM public;
--> statement-breakpoint
CREATE TRIGGER orders_review_verification
  AFTER UPDATE OF status, payment_status ON "orders"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_status IS DISTINCT FROM NEW.payment_status)
  EXECUTE FUNCTION app.orders_review_verification();
--> statement-breakpoint
-- paid_at: the first time an order's payment status is paid (or later refunded), whoever
-- writes it; a free order (total 0) has no payment.
CREATE OR REPLACE FUNCTION app.orders_paid_at()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = ''
AS $$
BEGIN
  IF NEW.paid_at IS NULL AND NEW.total_minor > 0
     AND NEW.payment_status IN ('paid', 'partially_refunded', 'refunded') THEN
    NEW.paid_at := now();
  ELSIF TG_OP = 'UPDATE' AND OLD.paid_at IS NOT NULL THEN
    NEW.paid_at := OLD.paid_at;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_paid_at
  BEFORE INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION app.orders_paid_at();
--> statement-breakpoint
-- Orders paid before this migration: the time of their "paid" timeline entry.
UPDATE "orders" o
   SET paid_at = coalesce(
     (SELECT min(e.at) FROM "order_events" e WHERE e.order_id = o.id AND e.kind = 'paid'),
     o.confirmed_at, o.placed_at)
 WHERE o.total_minor > 0 AND o.payment_status IN ('paid', 'partially_refunded', 'refunded');
--> statement-breakpoint
-- Reviews written before this migration.
UPDATE "reviews" r
   SET verified = app.review_purchase_verified(r.author_user_id, r.organisation_id, r.listing_id)
 WHERE r.verified IS DISTINCT FROM app.review_purchase_verified(r.author_user_id, r.organisation_id, r.listing_id);
