CREATE TABLE "page_text_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"created_by_email" text DEFAULT '' NOT NULL,
	"restored_from" bigint
);
--> statement-breakpoint
CREATE INDEX "page_text_revisions_key_idx" ON "page_text_revisions" USING btree ("key","language","id");--> statement-breakpoint
-- A saved text is shown on public pages: its writes count as a change of the site's settings for every cache.
CREATE TRIGGER page_text_revisions_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page_text_revisions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('settings');
