-- Repairs databases that skipped 0004 and 0005. Drizzle's migrator applies only migrations whose journal time is
-- later than the newest one the database has recorded; 0003 was recorded with a time later than 0004's and 0005's,
-- so a database migrated to 0003 before they existed never received them (docs/decisions/016-migration-order.md).
-- Everything below is their content made idempotent: on a database that has them it changes nothing.
DO $$ BEGIN
  CREATE TYPE "public"."mail_kind" AS ENUM('newsletter-confirm', 'newsletter-issue', 'newsletter-test', 'application-received', 'application-decision', 'application-notice', 'password-reset', 'staff-invite');
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  CREATE TYPE "public"."mail_status" AS ENUM('queued', 'sending', 'sent', 'failed', 'held');
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  CREATE TYPE "public"."newsletter_issue_status" AS ENUM('draft', 'sending', 'sent');
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "mail_kind" NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_id" text NOT NULL,
	"status" "mail_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"newsletter_issue_id" uuid,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "newsletter_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" "newsletter_issue_status" DEFAULT 'draft' NOT NULL,
	"created_by" text,
	"send_started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Subscribers from before confirmation existed stay subscribed (as 0004 did), but only when the column is new:
-- on a database that has it, a pending subscriber must stay pending.
DO $$ BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'newsletter_subscriptions' AND column_name = 'confirmed_at'
  ) THEN
    ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;
    UPDATE "newsletter_subscriptions" SET "confirmed_at" = "timestamp";
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN IF NOT EXISTS "confirm_nonce" text;
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN IF NOT EXISTS "confirm_sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN IF NOT EXISTS "unsubscribed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "notify_applications" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_newsletter_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("newsletter_issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_messages_due_idx" ON "mail_messages" USING btree ("status","next_attempt_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_messages_created_idx" ON "mail_messages" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_messages_issue_idx" ON "mail_messages" USING btree ("newsletter_issue_id","status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_messages_to_idx" ON "mail_messages" USING btree (lower("to_address"),"created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "mail_messages_dedupe_unique" ON "mail_messages" USING btree ("dedupe_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "newsletter_issues_created_idx" ON "newsletter_issues" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "newsletter_confirmed_idx" ON "newsletter_subscriptions" USING btree ("confirmed_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_versions" (
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
CREATE OR REPLACE TRIGGER locations_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('locations');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER programs_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON programs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('programs');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER change_makers_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON change_makers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('changeMakers');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER resources_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON resources
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('resources');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER podcast_episodes_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON podcast_episodes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('podcast');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER site_settings_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('settings');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER regions_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON regions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('reference');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sub_regions_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sub_regions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('reference');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER focus_areas_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON focus_areas
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('reference');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER media_objects_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media_objects
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('media');
