ALTER TABLE "change_makers" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "change_makers" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Search finds entries by their translations too (decision 032): each translated field joins the weight of its
-- original (a translated name weighs as a name, a translated summary as a summary). Existing rows have no
-- translations, so their vectors are unchanged and are not rewritten here.
CREATE OR REPLACE FUNCTION search_translated(translations jsonb, field text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(t.value ->> field, ' '), '')
    FROM jsonb_each(CASE WHEN jsonb_typeof(translations) = 'object' THEN translations ELSE '{}'::jsonb END) AS t
    WHERE jsonb_typeof(t.value) = 'object'
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.name);
  NEW.search_vector := search_weighted(
    concat_ws(' ', NEW.name, search_translated(NEW.translations, 'name')),
    concat_ws(' ', NEW.contact_city, NEW.contact_state, NEW.country, NEW.region_name,
      (SELECT name FROM sub_regions WHERE id = NEW.sub_region_id), search_focus_names(NEW.focus_areas)),
    concat_ws(' ', NEW.short_description, search_translated(NEW.translations, 'shortDescription')),
    concat_ws(' ', NEW.long_description, search_translated(NEW.translations, 'longDescription')));
  PERFORM search_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION programs_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.name);
  NEW.search_vector := search_weighted(
    concat_ws(' ', NEW.name, search_translated(NEW.translations, 'name')),
    concat_ws(' ', array_to_string(NEW.educators, ' '), replace(NEW.format::text, '-', ' '),
      (SELECT concat_ws(' ', l.name, l.contact_city, l.country) FROM locations l WHERE l.id = NEW.location_id),
      search_focus_names(NEW.focus_areas)),
    concat_ws(' ', NEW.summary, search_translated(NEW.translations, 'summary')),
    concat_ws(' ', NEW.description, search_translated(NEW.translations, 'description')));
  PERFORM search_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION change_makers_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.name);
  NEW.search_vector := search_weighted(
    NEW.name,
    concat_ws(' ', NEW.role, search_translated(NEW.translations, 'role'), NEW.country,
      search_focus_names(NEW.focus_areas)),
    concat_ws(' ', NEW.bio, search_translated(NEW.translations, 'bio')),
    NULL);
  PERFORM search_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resources_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.title);
  NEW.search_vector := search_weighted(
    concat_ws(' ', NEW.title, search_translated(NEW.translations, 'title')),
    concat_ws(' ', NEW.author, NEW.type::text, search_focus_names(NEW.focus_areas)),
    concat_ws(' ', NEW.description, search_translated(NEW.translations, 'description')),
    NULL);
  PERFORM search_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION podcast_episodes_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_fold(NEW.title);
  NEW.search_vector := search_weighted(
    concat_ws(' ', NEW.title, search_translated(NEW.translations, 'title')),
    NEW.guest,
    concat_ws(' ', NEW.summary, search_translated(NEW.translations, 'summary')),
    concat_ws(' ', NEW.show_notes, search_translated(NEW.translations, 'showNotes')));
  PERFORM search_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;
