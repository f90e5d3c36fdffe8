CREATE TABLE "platform_moderators" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" uuid
);
--> statement-breakpoint
ALTER TABLE "platform_moderators" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "platform_moderators" ADD CONSTRAINT "platform_moderators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_moderators" ADD CONSTRAINT "platform_moderators_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_moderators_added_by_idx" ON "platform_moderators" USING btree ("added_by");--> statement-breakpoint
CREATE INDEX "reviews_reported_idx" ON "reviews" USING btree ("reported_at","id") WHERE "reviews"."status" = 'reported';--> statement-breakpoint
-- ── Platform moderators (lib/moderation) ─────────────────────────────────────────────────
-- A platform role, not an organisation's: a row of platform_moderators. RLS is on with no
-- policy, and the API roles hold no privilege on the table: only the owner (the command line
-- `npm run moderator`, the seed) adds or removes a row. Everything else asks the functions
-- below, which read the table live for auth.uid(): revoking works on the next statement,
-- whatever tokens the moderator holds.
REVOKE ALL ON TABLE public.platform_moderators FROM anon, authenticated, service_role;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.is_platform_moderator()
RETURNS boolean
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
  SELECT EXISTS (SELECT 1 FROM public.platform_moderators m WHERE m.user_id = auth.uid())
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.is_platform_moderator() FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.is_platform_moderator() TO anon, authenticated, service_role;
--> statement-breakpoint
-- The queue: reported reviews of every organisation, oldest report first, with what a
-- moderator needs to decide (the listing, its organisation's name: organisations are
-- members-only under RLS, and an unpublished listing is too). Moderators only.
CREATE OR REPLACE FUNCTION app.reported_reviews(p_limit integer, p_offset integer)
RETURNS TABLE (id uuid, organisation_id uuid, organisation_name text, listing_id uuid,
               listing_kind text, listing_title text, listing_published boolean,
               author_name text, own boolean, rating integer, title text, body text,
               report_reason text, reported_at timestamptz, created_at timestamptz)
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF NOT app.is_platform_moderator() THEN
    RAISE EXCEPTION 'only a platform moderator reads the moderation queue'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN QUERY
    SELECT r.id, r.organisation_id, o.name, r.listing_id, l.kind, l.title,
           l.status = 'published', r.author_name, r.author_user_id = auth.uid(), r.rating,
           r.title, r.body, r.report_reason, r.reported_at, r.created_at
      FROM public.reviews r
      JOIN public.listings l ON l.id = r.listing_id
      JOIN public.organisations o ON o.id = r.organisation_id
     WHERE r.status = 'reported'
     ORDER BY r.reported_at, r.id
     LIMIT least(greatest(coalesce(p_limit, 20), 1), 100)
    OFFSET greatest(coalesce(p_offset, 0), 0);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.reported_reviews(integer, integer) FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.reported_reviews(integer, integer) TO authenticated;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.reported_review_count()
RETURNS integer
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = ''
AS $$
BEGIN
  IF NOT app.is_platform_moderator() THEN
    RAISE EXCEPTION 'only a platform moderator reads the moderation queue'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN (SELECT count(*)::integer FROM public.reviews r WHERE r.status = 'reported');
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.reported_review_count() FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.reported_review_count() TO authenticated;
--> statement-breakpoint
-- A moderator's decision on a reported review, in the caller's transaction: 'restore'
-- (visible again: the rating summary counts it; the report is cleared, the audit entry
-- keeps it) or 'remove' (stays hidden; its author still sees it, as removed). Refused with:
--   42501 the caller is not a moderator (checked on their row, locked FOR KEY SHARE so a
--         revocation waits for this decision and any later one sees it), or wrote the review;
--   22023 an unknown decision; 22001 a note over 500 characters;
--   P0002 no such review;
--   55000 the review is not reported (never was, or decided already: the row is locked,
--         so of two moderators deciding at once the second waits and then gets this).
-- The audit entry (the moderator as actor, in the review's organisation) is written before
-- the update: reviews_write_guard admits a decision only with its entry (below).
CREATE OR REPLACE FUNCTION app.decide_review(p_review uuid, p_decision text, p_note text)
RETURNS TABLE (listing_id uuid, listing_kind text, status text)
LANGUAGE plpgsql
VOLATILE
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  actor uuid := auth.uid();
  target public.reviews%ROWTYPE;
  next_status text;
  note text := nullif(btrim(coalesce(p_note, '')), '');
BEGIN
  IF actor IS NULL THEN
    RAISE EXCEPTION 'only a platform moderator decides' USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM 1 FROM public.platform_moderators m WHERE m.user_id = actor FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'only a platform moderator decides' USING ERRCODE = 'insufficient_privilege';
  END IF;
  next_status := CASE p_decision WHEN 'restore' THEN 'visible' WHEN 'remove' THEN 'removed' END;
  IF next_status IS NULL THEN
    RAISE EXCEPTION 'unknown decision: %', p_decision USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF length(note) > 500 THEN
    RAISE EXCEPTION 'the note is longer than 500 characters' USING ERRCODE = 'string_data_right_truncation';
  END IF;
  SELECT * INTO target FROM public.reviews r WHERE r.id = p_review FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such review' USING ERRCODE = 'no_data_found';
  END IF;
  IF target.status <> 'reported' THEN
    RAISE EXCEPTION 'the review is not waiting for a decision'
      USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  IF target.author_user_id = actor THEN
    RAISE EXCEPTION 'a moderator does not decide on their own review'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  INSERT INTO public.audit_entries
    (organisation_id, actor_user_id, action, resource_type, resource_id, before, after)
  VALUES (
    target.organisation_id, actor, 'reviews.review.' || p_decision, 'review', target.id::text,
    jsonb_build_object('status', target.status, 'reportReason', target.report_reason,
                       'reportedAt', target.reported_at),
    jsonb_build_object('status', next_status, 'note', note));
  UPDATE public.reviews r
     SET status = next_status,
         reported_at = CASE WHEN next_status = 'visible' THEN NULL ELSE r.reported_at END,
         report_reason = CASE WHEN next_status = 'visible' THEN NULL ELSE r.report_reason END,
         updated_at = now()
   WHERE r.id = target.id;
  RETURN QUERY
    SELECT target.listing_id, l.kind, next_status
      FROM public.listings l WHERE l.id = target.listing_id;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.decide_review(uuid, text, text) FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.decide_review(uuid, text, text) TO authenticated;
--> statement-breakpoint
-- reviews_write_guard (0018) as before, with the moderator's branch: a reported review
-- becomes visible or removed only by a moderator who did not write it, and only with the
-- audit entry of that decision by them in this transaction (app.decide_review() writes it
-- first). So under RLS nobody else changes a reported review's status, and no decision
-- goes unrecorded.
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
