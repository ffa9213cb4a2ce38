-- Search in every language the site speaks (decision 055). Three additions to the search of decision 013, all kept
-- by the database:
--  * Stems per language: each text is also indexed through its own language's Snowball stemmer (the entry's
--    language for its original texts, each translation's language for it), after unaccent and with no stop words,
--    so "escuelas" finds "Escuela" and "Ökodörfer" finds "Ökodorf". Only stems that differ from the words already
--    indexed at the same weight are added.
--  * Reference tokens: instead of the English names of its country, region, sub-region, focus areas and kind, an
--    entry's vector holds a token for each ('#c:brazil', '#f:<id>', '#k:farm': the '#' keeps them out of reach of
--    typed words), and `search_names` holds every token's names in all five languages with their words and stems.
--    A search looks the typed words up there and adds the matching tokens to each word (app/queries/search.server.ts),
--    so "Brasilien", "Bodengesundheit" or "ecoaldea" find the entries that carry them, and a renamed focus area or
--    a new translation of it is searchable at once, with no entry rewritten.
--  * `search_stats`: how often each normalised query was searched per day and language, and how often it found
--    nothing, for staff (no visitor data).
-- Rows written from now on get the new vectors from their triggers; existing rows are written again in small batches
-- after start (`search_backfill`, below), not here.
CREATE TEXT SEARCH DICTIONARY public.search_stem_en (TEMPLATE = snowball, Language = english);
--> statement-breakpoint
CREATE TEXT SEARCH DICTIONARY public.search_stem_es (TEMPLATE = snowball, Language = spanish);
--> statement-breakpoint
CREATE TEXT SEARCH DICTIONARY public.search_stem_pt (TEMPLATE = snowball, Language = portuguese);
--> statement-breakpoint
CREATE TEXT SEARCH DICTIONARY public.search_stem_fr (TEMPLATE = snowball, Language = french);
--> statement-breakpoint
CREATE TEXT SEARCH DICTIONARY public.search_stem_de (TEMPLATE = snowball, Language = german);
--> statement-breakpoint
-- Each configuration is `simple` (numbers and the rest kept as they are) with words unaccented, then stemmed.
CREATE TEXT SEARCH CONFIGURATION public.search_en (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.search_en
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, hword_numpart
  WITH public.unaccent, public.search_stem_en;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.search_es (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.search_es
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, hword_numpart
  WITH public.unaccent, public.search_stem_es;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.search_pt (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.search_pt
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, hword_numpart
  WITH public.unaccent, public.search_stem_pt;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.search_fr (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.search_fr
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, hword_numpart
  WITH public.unaccent, public.search_stem_fr;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.search_de (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.search_de
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, hword_numpart
  WITH public.unaccent, public.search_stem_de;
--> statement-breakpoint
-- Words as typed, accents and case aside (snippets are cut with it when no language is asked for).
CREATE TEXT SEARCH CONFIGURATION public.search_simple (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.search_simple
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, hword_numpart
  WITH public.unaccent, pg_catalog.simple;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_config(lang text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE lang
      WHEN 'es' THEN 'public.search_es'::regconfig
      WHEN 'pt' THEN 'public.search_pt'::regconfig
      WHEN 'fr' THEN 'public.search_fr'::regconfig
      WHEN 'de' THEN 'public.search_de'::regconfig
      ELSE 'public.search_en'::regconfig
    END
  $$;
--> statement-breakpoint
-- The stems of a text in a language (angle brackets as spaces, as in search_weighted).
CREATE OR REPLACE FUNCTION search_stems(lang text, body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector(search_config(lang), coalesce(translate(body, '<>', '  '), '')) $$;
--> statement-breakpoint
-- The stems of an entry's field: its original in the entry's language, each translation in its own.
CREATE OR REPLACE FUNCTION search_entry_stems(lang text, original text, translations jsonb, field text)
  RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT search_stems(lang, original)
      || search_stems('en', t -> 'en' ->> field) || search_stems('es', t -> 'es' ->> field)
      || search_stems('pt', t -> 'pt' ->> field) || search_stems('fr', t -> 'fr' ->> field)
      || search_stems('de', t -> 'de' ->> field)
    FROM (SELECT CASE WHEN jsonb_typeof(translations) = 'object' THEN translations ELSE '{}'::jsonb END AS t) x
  $$;
--> statement-breakpoint
-- The simple words of one weight, and the stems of that weight that are not already among them.
CREATE OR REPLACE FUNCTION search_with_stems(words tsvector, stems tsvector, weight "char") RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ts_delete(setweight(coalesce(stems, ''::tsvector), weight), tsvector_to_array(words)) $$;
--> statement-breakpoint
-- A stored country as a key: the same folding as countryCode() in app/lib/reference-names.ts (lower case, no
-- accents, "&" as "and", "St." as "Saint", punctuation as spaces, no leading "the"); a test keeps the two equal.
CREATE OR REPLACE FUNCTION search_country_key(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT btrim(regexp_replace(regexp_replace(translate(
      regexp_replace(replace(lower(public.unaccent('public.unaccent'::regdictionary, name)), '&', ' and '),
        '\mst\.?\s', 'saint ', 'g'),
      '’''.,()-', '       '), '^\s*the\s+', ''), '\s+', ' ', 'g'))
  $$;
--> statement-breakpoint
-- Tokens as lexemes of weight B ("where and what"), written in tsvector syntax so that no parser splits them.
CREATE OR REPLACE FUNCTION search_tokens(tokens text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg('''' || replace(replace(t, '\', '\\'), '''', '''''') || ''':1B', ' '), '')::tsvector
    FROM unnest(tokens) AS t WHERE t IS NOT NULL AND t !~ ':$'
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_focus_tokens(ids uuid[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg('#f:' || id::text), '{}') FROM unnest(ids) AS id $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_country_token(country text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT '#c:' || search_country_key(country) $$;
--> statement-breakpoint
-- An entry's vector: its words of weights A to D as before (remembered for typo correction), the stems of each
-- weight, and its tokens.
CREATE OR REPLACE FUNCTION search_entry_vector(a text, b text, c text, d text,
    stems_a tsvector, stems_b tsvector, stems_c tsvector, stems_d tsvector, tokens text[])
  RETURNS tsvector
  LANGUAGE plpgsql
  AS $$
DECLARE
  wa tsvector := setweight(to_tsvector('simple', coalesce(search_fold(translate(a, '<>', '  ')), '')), 'A');
  wb tsvector := setweight(to_tsvector('simple', coalesce(search_fold(translate(b, '<>', '  ')), '')), 'B');
  wc tsvector := setweight(to_tsvector('simple', coalesce(search_fold(translate(c, '<>', '  ')), '')), 'C');
  wd tsvector := setweight(to_tsvector('simple', coalesce(search_fold(translate(d, '<>', '  ')), '')), 'D');
  words tsvector := wa || wb || wc || wd;
BEGIN
  PERFORM search_remember_words(words);
  RETURN words || search_with_stems(wa, stems_a, 'A') || search_with_stems(wb, stems_b, 'B')
    || search_with_stems(wc, stems_c, 'C') || search_with_stems(wd, stems_d, 'D') || search_tokens(tokens);
END $$;
--> statement-breakpoint
CREATE TABLE search_names (
  token text NOT NULL,
  lang text NOT NULL,
  name text NOT NULL,
  vector tsvector NOT NULL,
  PRIMARY KEY (token, lang, name)
);
--> statement-breakpoint
CREATE INDEX search_names_vector_idx ON search_names USING gin (vector);
--> statement-breakpoint
-- One name of a token: its words and its stems in its language; its words join the lexicon (typo corrections).
CREATE OR REPLACE FUNCTION search_names_put(token text, lang text, name text) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  words tsvector := to_tsvector('simple', coalesce(search_fold(name), ''));
BEGIN
  IF btrim(coalesce(name, '')) = '' THEN RETURN; END IF;
  PERFORM search_remember_words(words);
  INSERT INTO search_names (token, lang, name, vector)
  VALUES (token, lang, name, words || search_stems(lang, name))
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- A reference row's names (the stored name is English, its translations staff's), written again on each change.
CREATE OR REPLACE FUNCTION search_names_of_reference() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prefix text := TG_ARGV[0];
  t jsonb;
  entry record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF TG_OP = 'UPDATE' AND NEW.name IS NOT DISTINCT FROM OLD.name
        AND NEW.translations IS NOT DISTINCT FROM OLD.translations THEN
      RETURN NULL;
    END IF;
    DELETE FROM search_names WHERE token = prefix || OLD.id::text;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;
  PERFORM search_names_put(prefix || NEW.id::text, 'en', NEW.name);
  t := CASE WHEN jsonb_typeof(NEW.translations) = 'object' THEN NEW.translations ELSE '{}'::jsonb END;
  FOR entry IN SELECT key, value FROM jsonb_each_text(t) WHERE key IN ('es', 'pt', 'fr', 'de') LOOP
    PERFORM search_names_put(prefix || NEW.id::text, entry.key, entry.value);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER regions_search_names AFTER INSERT OR UPDATE OR DELETE ON regions
  FOR EACH ROW EXECUTE FUNCTION search_names_of_reference('#r:');
--> statement-breakpoint
CREATE TRIGGER sub_regions_search_names AFTER INSERT OR UPDATE OR DELETE ON sub_regions
  FOR EACH ROW EXECUTE FUNCTION search_names_of_reference('#s:');
--> statement-breakpoint
CREATE TRIGGER focus_areas_search_names AFTER INSERT OR UPDATE OR DELETE ON focus_areas
  FOR EACH ROW EXECUTE FUNCTION search_names_of_reference('#f:');
--> statement-breakpoint
-- Existing reference rows (an update that changes nothing is skipped by the trigger, so write them directly).
SELECT search_names_put('#r:' || r.id::text, l.lang, l.name)
FROM regions r, LATERAL (SELECT 'en' AS lang, r.name UNION ALL SELECT key, value FROM jsonb_each_text(
  CASE WHEN jsonb_typeof(r.translations) = 'object' THEN r.translations ELSE '{}'::jsonb END)
  WHERE key IN ('es', 'pt', 'fr', 'de')) l;
--> statement-breakpoint
SELECT search_names_put('#s:' || r.id::text, l.lang, l.name)
FROM sub_regions r, LATERAL (SELECT 'en' AS lang, r.name UNION ALL SELECT key, value FROM jsonb_each_text(
  CASE WHEN jsonb_typeof(r.translations) = 'object' THEN r.translations ELSE '{}'::jsonb END)
  WHERE key IN ('es', 'pt', 'fr', 'de')) l;
--> statement-breakpoint
SELECT search_names_put('#f:' || r.id::text, l.lang, l.name)
FROM focus_areas r, LATERAL (SELECT 'en' AS lang, r.name UNION ALL SELECT key, value FROM jsonb_each_text(
  CASE WHEN jsonb_typeof(r.translations) = 'object' THEN r.translations ELSE '{}'::jsonb END)
  WHERE key IN ('es', 'pt', 'fr', 'de')) l;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.name);
  NEW.search_vector := search_entry_vector(
    concat_ws(' ', NEW.name, search_translated(NEW.translations, 'name')),
    concat_ws(' ', NEW.contact_city, NEW.contact_state, NEW.country, NEW.region_name),
    concat_ws(' ', NEW.short_description, search_translated(NEW.translations, 'shortDescription')),
    concat_ws(' ', NEW.long_description, search_translated(NEW.translations, 'longDescription')),
    search_entry_stems(NEW.language, NEW.name, NEW.translations, 'name'),
    NULL,
    search_entry_stems(NEW.language, NEW.short_description, NEW.translations, 'shortDescription'),
    search_entry_stems(NEW.language, NEW.long_description, NEW.translations, 'longDescription'),
    ARRAY[search_country_token(NEW.country), '#k:' || NEW.marker_type, '#r:' || NEW.region_id::text,
      '#s:' || NEW.sub_region_id::text] || search_focus_tokens(NEW.focus_areas));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION programs_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  place record;
BEGIN
  SELECT l.name, l.contact_city, l.country INTO place FROM locations l WHERE l.id = NEW.location_id;
  NEW.search_name := search_fold(NEW.name);
  NEW.search_vector := search_entry_vector(
    concat_ws(' ', NEW.name, search_translated(NEW.translations, 'name')),
    concat_ws(' ', array_to_string(NEW.educators, ' '), replace(NEW.format::text, '-', ' '),
      place.name, place.contact_city, place.country),
    concat_ws(' ', NEW.summary, search_translated(NEW.translations, 'summary')),
    concat_ws(' ', NEW.description, search_translated(NEW.translations, 'description')),
    search_entry_stems(NEW.language, NEW.name, NEW.translations, 'name'),
    NULL,
    search_entry_stems(NEW.language, NEW.summary, NEW.translations, 'summary'),
    search_entry_stems(NEW.language, NEW.description, NEW.translations, 'description'),
    ARRAY['#p:' || NEW.format::text, search_country_token(place.country)] || search_focus_tokens(NEW.focus_areas));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION change_makers_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.name);
  NEW.search_vector := search_entry_vector(
    NEW.name,
    concat_ws(' ', NEW.role, search_translated(NEW.translations, 'role'), NEW.country),
    concat_ws(' ', NEW.bio, search_translated(NEW.translations, 'bio')),
    NULL,
    NULL,
    search_entry_stems(NEW.language, NEW.role, NEW.translations, 'role'),
    search_entry_stems(NEW.language, NEW.bio, NEW.translations, 'bio'),
    NULL,
    ARRAY[search_country_token(NEW.country)] || search_focus_tokens(NEW.focus_areas));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resources_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.title);
  NEW.search_vector := search_entry_vector(
    concat_ws(' ', NEW.title, search_translated(NEW.translations, 'title')),
    concat_ws(' ', NEW.author, NEW.type::text),
    concat_ws(' ', NEW.description, search_translated(NEW.translations, 'description')),
    NULL,
    search_entry_stems(NEW.language, NEW.title, NEW.translations, 'title'),
    NULL,
    search_entry_stems(NEW.language, NEW.description, NEW.translations, 'description'),
    NULL,
    ARRAY['#t:' || NEW.type::text] || search_focus_tokens(NEW.focus_areas));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION podcast_episodes_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.title);
  NEW.search_vector := search_entry_vector(
    concat_ws(' ', NEW.title, search_translated(NEW.translations, 'title')),
    NEW.guest,
    concat_ws(' ', NEW.summary, search_translated(NEW.translations, 'summary')),
    concat_ws(' ', NEW.show_notes, search_translated(NEW.translations, 'showNotes')),
    search_entry_stems(NEW.language, NEW.title, NEW.translations, 'title'),
    NULL,
    search_entry_stems(NEW.language, NEW.summary, NEW.translations, 'summary'),
    search_entry_stems(NEW.language, NEW.show_notes, NEW.translations, 'showNotes'),
    NULL);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Existing rows get their stems and tokens after the migration, a few at a time, while the site serves
-- (search_backfill_step, called by each instance until every table is done): writing 500,000 places again here took
-- 206 s on Postgres and 61 s for 50,000 on the embedded database, with the table's rows locked for writes meanwhile.
-- Until a row is written again it is found as before (its words as typed), not yet by stems or other languages' names.
CREATE TABLE search_backfill (
  entity text PRIMARY KEY,
  after uuid,
  rows_done integer NOT NULL DEFAULT 0,
  done_at timestamp with time zone
);
--> statement-breakpoint
INSERT INTO search_backfill (entity, done_at)
SELECT t.entity, CASE WHEN t.empty THEN now() END FROM (VALUES
  ('locations', NOT EXISTS (SELECT 1 FROM locations)),
  ('programs', NOT EXISTS (SELECT 1 FROM programs)),
  ('change_makers', NOT EXISTS (SELECT 1 FROM change_makers)),
  ('resources', NOT EXISTS (SELECT 1 FROM resources)),
  ('podcast_episodes', NOT EXISTS (SELECT 1 FROM podcast_episodes))) AS t(entity, empty);
--> statement-breakpoint
-- The backfill changes no text a page shows: its writes do not count as content changes (which would drop every
-- instance's rendered pages and rebuild its map index after each batch).
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('search.backfill', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE content_versions SET version = version + 1, changed_at = now() WHERE entity = TG_ARGV[0];
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Writes the next `batch` rows of the first table not done (in id order, after the last one written) again, so its
-- trigger gives them stems and tokens. Returns how many rows it wrote; 0 when every table is done; -1 when the tables
-- left are being written by another instance (each table's row is locked while a batch of it runs).
CREATE OR REPLACE FUNCTION search_backfill_step(batch integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  job record;
  written integer;
  last uuid;
  col text;
BEGIN
  SELECT * INTO job FROM search_backfill WHERE done_at IS NULL ORDER BY entity LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    RETURN CASE WHEN EXISTS (SELECT 1 FROM search_backfill WHERE done_at IS NULL) THEN -1 ELSE 0 END;
  END IF;
  col := CASE job.entity WHEN 'resources' THEN 'title' WHEN 'podcast_episodes' THEN 'title' ELSE 'name' END;
  PERFORM set_config('search.backfill', 'on', true);
  -- The full-text index takes new entries into a pending list and merges it when full: a smaller list makes each
  -- merge (paid by the batch that fills it) short, so no batch holds the embedded database's thread for long.
  PERFORM set_config('gin_pending_list_limit', '256', true);
  EXECUTE format(
    'WITH next AS (SELECT id FROM %1$I WHERE $1 IS NULL OR id > $1 ORDER BY id LIMIT $2),
       written AS (UPDATE %1$I t SET %2$I = t.%2$I FROM next WHERE t.id = next.id RETURNING t.id)
     SELECT (SELECT count(*) FROM written), (SELECT id FROM written ORDER BY id DESC LIMIT 1)',
    job.entity, col) INTO written, last USING job.after, batch;
  PERFORM set_config('search.backfill', 'off', true);
  UPDATE search_backfill SET after = coalesce(last, after), rows_done = rows_done + written,
    done_at = CASE WHEN written < batch THEN now() END
  WHERE entity = job.entity;
  RETURN written;
END $$;
--> statement-breakpoint
-- The English names of focus areas and sub-regions are no longer part of entries' text (their tokens are).
DROP FUNCTION IF EXISTS search_focus_names(uuid[]);
--> statement-breakpoint
CREATE TABLE search_stats (
  day date NOT NULL,
  lang text NOT NULL,
  query text NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  zero_results integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, lang, query)
);
