CREATE TABLE "content_versions" (
	"entity" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO content_versions (entity) VALUES
  ('locations'), ('programs'), ('changeMakers'), ('resources'), ('podcast'), ('settings'), ('reference'), ('media')
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- One bump per statement (a bulk insert of 10,000 rows is one bump), visible when the writing transaction commits.
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_versions SET version = version + 1, changed_at = now() WHERE entity = TG_ARGV[0];
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER locations_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('locations');
--> statement-breakpoint
CREATE TRIGGER programs_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON programs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('programs');
--> statement-breakpoint
CREATE TRIGGER change_makers_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON change_makers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('changeMakers');
--> statement-breakpoint
CREATE TRIGGER resources_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON resources
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('resources');
--> statement-breakpoint
CREATE TRIGGER podcast_episodes_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON podcast_episodes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('podcast');
--> statement-breakpoint
CREATE TRIGGER site_settings_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('settings');
--> statement-breakpoint
CREATE TRIGGER regions_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON regions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('reference');
--> statement-breakpoint
CREATE TRIGGER sub_regions_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sub_regions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('reference');
--> statement-breakpoint
CREATE TRIGGER focus_areas_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON focus_areas
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('reference');
--> statement-breakpoint
CREATE TRIGGER media_objects_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media_objects
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('media');
