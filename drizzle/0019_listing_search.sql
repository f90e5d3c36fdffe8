-- Search over listings (issue 11 §3, docs/search.md): full text in English and Spanish
-- (accents ignored) plus trigram similarity on the title for typos. Hand-written: drizzle
-- knows neither the extensions, the generated column nor these indexes, and has no reason to
-- (lib/listings/search-query.ts is the only reader).
--
-- The extensions are created by the migration's login (the schema owner, as every migration
-- runs): both are trusted extensions, so an owner that is not a superuser but may create in
-- the database can install them; where they exist already (a Supabase project that enabled
-- them in its `extensions` schema) nothing changes. Every reference below is qualified with
-- the schema the extension actually lives in, resolved here, so nothing depends on a
-- search_path.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could change), so it cannot appear in an index or a
-- generated column; this wrapper names the dictionary explicitly and is declared IMMUTABLE,
-- the documented way to index unaccented text. Changing the unaccent rules would need a
-- REINDEX and a rewrite of listings.search_document.
DO $$
DECLARE
  unaccent_schema text := (SELECT n.nspname FROM pg_extension e
                             JOIN pg_namespace n ON n.oid = e.extnamespace
                            WHERE e.extname = 'unaccent');
BEGIN
  EXECUTE format(
    $f$CREATE OR REPLACE FUNCTION app.search_unaccent(value text)
       RETURNS text
       LANGUAGE sql
       IMMUTABLE STRICT PARALLEL SAFE
       AS $body$ SELECT %1$I.unaccent(%2$L::regdictionary, value) $body$ $f$,
    unaccent_schema, format('%I.unaccent', unaccent_schema));
END
$$;
--> statement-breakpoint
-- What a listing is found by: the title (weight A) in three configurations (simple keeps
-- brand names and words as typed, english and spanish stem: "headphones" ~ "headphone",
-- "cafeteras" ~ "cafetera"), summary and tags (B, stemmed; the tags also as typed), the
-- category (C). Every word of the typo dictionary below is a simple lexeme of A or B.
CREATE OR REPLACE FUNCTION app.listing_search_document(title text, summary text, tags text[], category text)
RETURNS tsvector
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('pg_catalog.simple'::regconfig, t)
                   || to_tsvector('pg_catalog.english'::regconfig, t)
                   || to_tsvector('pg_catalog.spanish'::regconfig, t), 'A')
      || setweight(to_tsvector('pg_catalog.english'::regconfig, s || ' ' || g)
                   || to_tsvector('pg_catalog.spanish'::regconfig, s || ' ' || g)
                   || to_tsvector('pg_catalog.simple'::regconfig, g), 'B')
      || setweight(to_tsvector('pg_catalog.simple'::regconfig, c), 'C')
    FROM (SELECT app.search_unaccent(coalesce(title, '')) AS t,
                 app.search_unaccent(coalesce(summary, '')) AS s,
                 app.search_unaccent(coalesce(array_to_string(tags, ' '), '')) AS g,
                 coalesce(category, '') AS c) AS parts
$$;
--> statement-breakpoint
-- The visitor's words as a query, OR-ed over the same three configurations (websearch
-- syntax: "quoted phrases", -excluded, or).
CREATE OR REPLACE FUNCTION app.search_tsquery(query text)
RETURNS tsquery
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$
  SELECT websearch_to_tsquery('pg_catalog.simple'::regconfig, q)
      || websearch_to_tsquery('pg_catalog.english'::regconfig, q)
      || websearch_to_tsquery('pg_catalog.spanish'::regconfig, q)
    FROM (SELECT app.search_unaccent(coalesce(query, '')) AS q) AS parts
$$;
--> statement-breakpoint
-- Stored, not an expression index alone: ranking reads the document of every match, and
-- computing it costs ~25 µs a row (125 ms for 5,000 matches; docs/search.md).
ALTER TABLE "listings" ADD COLUMN "search_document" tsvector
  GENERATED ALWAYS AS (app.listing_search_document("title", "summary", "tags", "category")) STORED;
--> statement-breakpoint
CREATE INDEX "listings_search_document_idx" ON "listings" USING gin ("search_document")
  WHERE "status" = 'published';
--> statement-breakpoint
DO $$
DECLARE
  trgm text := (SELECT n.nspname FROM pg_extension e
                  JOIN pg_namespace n ON n.oid = e.extnamespace
                 WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format(
    'CREATE INDEX IF NOT EXISTS listings_search_title_trgm_idx ON public.listings
       USING gin (lower(title) %I.gin_trgm_ops) WHERE status = ''published''', trgm);
END
$$;
--> statement-breakpoint
-- "Near me": a bounding box on latitude (then longitude) narrows before the distance.
CREATE INDEX "listings_public_location_idx" ON "listings" USING btree ("latitude", "longitude")
  WHERE "status" = 'published' AND "latitude" IS NOT NULL;
--> statement-breakpoint
-- The dictionary of typo correction: every word (3–40 letters or digits, not a number,
-- accents folded) of the titles and tags of published listings. Kept by the trigger below in
-- the listing's own transaction: a listing that goes live adds its words (a word already
-- there is left alone, so popular words are not rewritten on every publish); one that leaves
-- (unpublished, archived, deleted, retitled) takes away those of its words that no other
-- published listing has, so a draft's words are never offered. Only the functions below
-- (SECURITY DEFINER) read or write it: RLS is on and no policy opens it.
CREATE TABLE "listing_search_words" (
  "word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_search_words" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON TABLE "listing_search_words" FROM anon, authenticated;
--> statement-breakpoint
DO $$
DECLARE
  trgm text := (SELECT n.nspname FROM pg_extension e
                  JOIN pg_namespace n ON n.oid = e.extnamespace
                 WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format(
    'CREATE INDEX IF NOT EXISTS listing_search_words_trgm_idx ON public.listing_search_words
       USING gin (word %I.gin_trgm_ops)', trgm);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.listing_search_words_of(title text, tags text[])
RETURNS SETOF text
LANGUAGE sql
IMMUTABLE PARALLEL SAFE
AS $$
  SELECT DISTINCT w
    FROM regexp_split_to_table(
           lower(app.search_unaccent(coalesce(title, '') || ' ' || coalesce(array_to_string(tags, ' '), ''))),
           '[^[:alnum:]]+') AS w
   WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app.listing_search_words_sync()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = ''
AS $$
DECLARE
  kept text[] := '{}';
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.title IS NOT DISTINCT FROM NEW.title
     AND OLD.tags IS NOT DISTINCT FROM NEW.tags THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
    kept := ARRAY(SELECT app.listing_search_words_of(NEW.title, NEW.tags));
    INSERT INTO public.listing_search_words (word)
    SELECT w FROM unnest(kept) AS w ORDER BY w
    ON CONFLICT (word) DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' THEN
    DELETE FROM public.listing_search_words d
     WHERE d.word IN (SELECT app.listing_search_words_of(OLD.title, OLD.tags))
       AND d.word <> ALL (kept)
       AND NOT EXISTS (
         SELECT 1 FROM public.listings l
          WHERE l.status = 'published' AND l.id <> OLD.id
            AND l.search_document @@ to_tsquery('pg_catalog.simple'::regconfig, d.word));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.listing_search_words_sync() FROM public, anon, authenticated, service_role;
--> statement-breakpoint
CREATE TRIGGER listings_search_words
  AFTER INSERT OR DELETE OR UPDATE OF title, tags, status ON "listings"
  FOR EACH ROW EXECUTE FUNCTION app.listing_search_words_sync();
--> statement-breakpoint
INSERT INTO listing_search_words (word)
SELECT DISTINCT w
  FROM listings l, app.listing_search_words_of(l.title, l.tags) AS w
 WHERE l.status = 'published'
ON CONFLICT (word) DO NOTHING;
--> statement-breakpoint
-- The matching itself, as the table's owner. Under RLS PostgreSQL will not use an index for
-- an operator that is not LEAKPROOF (`@@`, `<%`): the policy's condition must run first, so
-- an anonymous search was a sequential scan (120–320 ms at 100,000 listings). These functions
-- apply the policy's own condition (`status = 'published'`) themselves and return ids, ranks
-- and dictionary words; the caller joins the ids back to `listings` under RLS, where every
-- other filter and every column read happens.
--
-- search_correct_words: each word of the query (3+ letters, not a number) that is not in the
-- dictionary becomes the dictionary's closest word (word similarity ≥ `fuzzy`, then the most
-- similar); null when nothing changes.
DO $$
DECLARE
  trgm text := (SELECT n.nspname FROM pg_extension e
                  JOIN pg_namespace n ON n.oid = e.extnamespace
                 WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format(
    $f$CREATE OR REPLACE FUNCTION app.search_correct_words(query text, fuzzy real DEFAULT 0.4)
       RETURNS text
       LANGUAGE plpgsql
       VOLATILE
       SECURITY DEFINER
       SET search_path = ''
       AS $body$
       DECLARE
         typed text := lower(app.search_unaccent(btrim(coalesce(query, ''))));
         corrected text;
         changed boolean;
       BEGIN
         IF typed = '' OR length(typed) > 200 THEN
           RETURN NULL;
         END IF;
         PERFORM pg_catalog.set_config('pg_trgm.word_similarity_threshold',
                                       greatest(0.2, least(1, coalesce(fuzzy, 0.4)))::text, true);
         EXECUTE $q$
           SELECT string_agg(coalesce(c.word, t.word), ' ' ORDER BY t.position),
                  bool_or(c.word IS NOT NULL)
             FROM regexp_split_to_table($1, '[^[:alnum:]]+') WITH ORDINALITY AS t(word, position)
             LEFT JOIN LATERAL (
               SELECT d.word
                 FROM public.listing_search_words d
                WHERE length(t.word) >= 3 AND t.word !~ '^[0-9]+$'
                  AND NOT EXISTS (SELECT 1 FROM public.listing_search_words e WHERE e.word = t.word)
                  AND t.word OPERATOR(%1$I.<%%) d.word
                ORDER BY %1$I.similarity(t.word, d.word) DESC, d.word
                LIMIT 1
             ) c ON true
            WHERE t.word <> ''
         $q$ INTO corrected, changed USING typed;
         RETURN CASE WHEN changed THEN corrected END;
       END
       $body$ $f$,
    trgm);
END
$$;
--> statement-breakpoint
-- search_listing_matches: the published listings the words find, in three steps, the first
-- that finds anything wins:
-- 1. full text of the words as typed (exact = true; rank 1 + ts_rank);
-- 2. full text of the corrected words (typos: "iphnoe" → "iphone"; `corrected` says what was
--    searched; rank ts_rank);
-- 3. trigram word similarity of the words to the title (≥ `fuzzy`, within 0.15 of the best
--    match: run-together or partial words), rank the similarity.
DO $$
DECLARE
  trgm text := (SELECT n.nspname FROM pg_extension e
                  JOIN pg_namespace n ON n.oid = e.extnamespace
                 WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format(
    $f$CREATE OR REPLACE FUNCTION app.search_listing_matches(query text, fuzzy real DEFAULT 0.4)
       RETURNS TABLE (listing_id uuid, rank real, exact boolean, corrected text)
       LANGUAGE plpgsql
       VOLATILE
       SECURITY DEFINER
       SET search_path = ''
       ROWS 500
       AS $body$
       DECLARE
         typed text := lower(btrim(coalesce(query, '')));
         better text;
       BEGIN
         IF typed = '' OR length(typed) > 200 THEN
           RETURN;
         END IF;
         RETURN QUERY EXECUTE $q$
           SELECT l.id, (1 + ts_rank(l.search_document, q.query))::real, true, null::text
             FROM public.listings l, (SELECT app.search_tsquery($1) AS query) q
            WHERE l.status = 'published' AND l.search_document @@ q.query
         $q$ USING typed;
         IF FOUND THEN
           RETURN;
         END IF;
         better := app.search_correct_words(typed, fuzzy);
         IF better IS NOT NULL THEN
           RETURN QUERY EXECUTE $q$
             SELECT l.id, ts_rank(l.search_document, q.query)::real, false, $1
               FROM public.listings l, (SELECT app.search_tsquery($1) AS query) q
              WHERE l.status = 'published' AND l.search_document @@ q.query
           $q$ USING better;
           IF FOUND THEN
             RETURN;
           END IF;
         END IF;
         PERFORM pg_catalog.set_config('pg_trgm.word_similarity_threshold',
                                       greatest(0.2, least(1, coalesce(fuzzy, 0.4)))::text, true);
         RETURN QUERY EXECUTE $q$
           SELECT id, similarity, false, null::text
             FROM (SELECT l.id, %1$I.word_similarity($1, lower(l.title))::real AS similarity,
                          max(%1$I.word_similarity($1, lower(l.title))) OVER () AS best
                     FROM public.listings l
                    WHERE l.status = 'published' AND $1 OPERATOR(%1$I.<%%) lower(l.title)) c
            WHERE similarity >= best - 0.15
         $q$ USING typed;
       END
       $body$ $f$,
    trgm);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.search_listing_matches(text, real) FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.search_listing_matches(text, real) TO anon, authenticated, service_role;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app.search_correct_words(text, real) FROM public;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.search_correct_words(text, real) TO anon, authenticated, service_role;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.search_unaccent(text) TO anon, authenticated, service_role;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.listing_search_document(text, text, text[], text) TO anon, authenticated, service_role;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app.search_tsquery(text) TO anon, authenticated, service_role;
