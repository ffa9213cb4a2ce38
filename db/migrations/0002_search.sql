-- Full-text search kept by the database (decision 013): every searchable table carries a weighted tsvector and a
-- folded name, both written by a trigger, with GIN indexes; a lexicon of every indexed word serves typo correction.
-- Text is folded (lower case, accents removed) and parsed with the 'simple' configuration: the site's entries are in
-- many languages, so no language's stemming is applied.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_focus_names(ids uuid[]) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(name, ' '), '') FROM focus_areas WHERE id = ANY(ids) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_weighted(a text, b text, c text, d text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    -- Angle brackets become spaces: the text is plain text, and the parser would drop anything between them as an
    -- HTML tag (a name with "<b>" in it could not be found by its words).
    SELECT setweight(to_tsvector('simple', coalesce(search_fold(translate(a, '<>', '  ')), '')), 'A')
      || setweight(to_tsvector('simple', coalesce(search_fold(translate(b, '<>', '  ')), '')), 'B')
      || setweight(to_tsvector('simple', coalesce(search_fold(translate(c, '<>', '  ')), '')), 'C')
      || setweight(to_tsvector('simple', coalesce(search_fold(translate(d, '<>', '  ')), '')), 'D')
  $$;
--> statement-breakpoint
CREATE TABLE search_lexicon (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX search_lexicon_trgm_idx ON search_lexicon USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_remember_words(v tsvector) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO search_lexicon (word)
    -- Words with digits (numbers, codes) are never a typo's correction.
    SELECT w FROM unnest(tsvector_to_array(v)) AS w WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
    ON CONFLICT DO NOTHING
  $$;
--> statement-breakpoint
ALTER TABLE locations ADD COLUMN search_vector tsvector, ADD COLUMN search_name text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.name);
  NEW.search_vector := search_weighted(
    NEW.name,
    concat_ws(' ', NEW.contact_city, NEW.contact_state, NEW.country, NEW.region_name,
      (SELECT name FROM sub_regions WHERE id = NEW.sub_region_id), search_focus_names(NEW.focus_areas)),
    NEW.short_description,
    NEW.long_description);
  PERFORM search_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER locations_search BEFORE INSERT OR UPDATE ON locations
  FOR EACH ROW EXECUTE FUNCTION locations_search_refresh();
--> statement-breakpoint
ALTER TABLE programs ADD COLUMN search_vector tsvector, ADD COLUMN search_name text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION programs_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.name);
  NEW.search_vector := search_weighted(
    NEW.name,
    concat_ws(' ', array_to_string(NEW.educators, ' '), replace(NEW.format::text, '-', ' '),
      (SELECT concat_ws(' ', l.name, l.contact_city, l.country) FROM locations l WHERE l.id = NEW.location_id),
      search_focus_names(NEW.focus_areas)),
    NEW.summary,
    NEW.description);
  PERFORM search_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER programs_search BEFORE INSERT OR UPDATE ON programs
  FOR EACH ROW EXECUTE FUNCTION programs_search_refresh();
--> statement-breakpoint
ALTER TABLE change_makers ADD COLUMN search_vector tsvector, ADD COLUMN search_name text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION change_makers_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.name);
  NEW.search_vector := search_weighted(
    NEW.name,
    concat_ws(' ', NEW.role, NEW.country, search_focus_names(NEW.focus_areas)),
    NEW.bio,
    NULL);
  PERFORM search_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER change_makers_search BEFORE INSERT OR UPDATE ON change_makers
  FOR EACH ROW EXECUTE FUNCTION change_makers_search_refresh();
--> statement-breakpoint
ALTER TABLE resources ADD COLUMN search_vector tsvector, ADD COLUMN search_name text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resources_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.title);
  NEW.search_vector := search_weighted(
    NEW.title,
    concat_ws(' ', NEW.author, NEW.type::text, search_focus_names(NEW.focus_areas)),
    NEW.description,
    NULL);
  PERFORM search_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER resources_search BEFORE INSERT OR UPDATE ON resources
  FOR EACH ROW EXECUTE FUNCTION resources_search_refresh();
--> statement-breakpoint
ALTER TABLE podcast_episodes ADD COLUMN search_vector tsvector, ADD COLUMN search_name text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION podcast_episodes_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.title);
  NEW.search_vector := search_weighted(NEW.title, NEW.guest, NEW.summary, NEW.show_notes);
  PERFORM search_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER podcast_episodes_search BEFORE INSERT OR UPDATE ON podcast_episodes
  FOR EACH ROW EXECUTE FUNCTION podcast_episodes_search_refresh();
--> statement-breakpoint
-- Existing rows: an update with no change runs the triggers.
UPDATE locations SET name = name;
--> statement-breakpoint
UPDATE programs SET name = name;
--> statement-breakpoint
UPDATE change_makers SET name = name;
--> statement-breakpoint
UPDATE resources SET title = title;
--> statement-breakpoint
UPDATE podcast_episodes SET title = title;
--> statement-breakpoint
CREATE INDEX locations_search_idx ON locations USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX locations_search_name_trgm_idx ON locations USING gin (search_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX programs_search_idx ON programs USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX programs_search_name_trgm_idx ON programs USING gin (search_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX change_makers_search_idx ON change_makers USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX resources_search_idx ON resources USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX podcast_episodes_search_idx ON podcast_episodes USING gin (search_vector);
