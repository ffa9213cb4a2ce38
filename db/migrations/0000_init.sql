CREATE TYPE "public"."analytics_kind" AS ENUM('page_view', 'user_interaction', 'form_submission');--> statement-breakpoint
CREATE TYPE "public"."applicant_type" AS ENUM('educator', 'learner');--> statement-breakpoint
CREATE TYPE "public"."program_format" AS ENUM('in-person', 'online', 'hybrid');--> statement-breakpoint
CREATE TYPE "public"."region_key" AS ENUM('NorthAmerica', 'SouthAmerica', 'Europe', 'Africa', 'Asia', 'Oceania');--> statement-breakpoint
CREATE TYPE "public"."resource_type" AS ENUM('website', 'youtube channel', 'book', 'podcast', 'article', 'app');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('NEEDS_REVIEW', 'UNDER_REVIEW', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('ADMIN', 'DEFAULT');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" "analytics_kind" NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"title" text,
	"category" text,
	"action" text,
	"label" text,
	"value" double precision,
	"form_name" text,
	"referrer" text,
	"visitor_hash" text,
	"device" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"applicant_type" "applicant_type" NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"region_id" uuid,
	"focus_areas" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"experience" text DEFAULT '' NOT NULL,
	"seeking" text DEFAULT '' NOT NULL,
	"website" text,
	"consent_at" timestamp with time zone NOT NULL,
	"status" "review_status" DEFAULT 'NEEDS_REVIEW' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"user_email" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"summary" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_makers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"webp_photo_url" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"related_location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"focus_areas" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "focus_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "focus_areas_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text GENERATED ALWAYS AS (replace(name, ' ', '-')) STORED NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"long_description" text DEFAULT '' NOT NULL,
	"original_image_url" text,
	"webp_image_url" text,
	"image_width" integer,
	"image_height" integer,
	"website" text,
	"country" text DEFAULT '' NOT NULL,
	"region_name" text DEFAULT '' NOT NULL,
	"region_id" uuid,
	"sub_region_id" uuid,
	"contact_email" text,
	"contact_phone" text,
	"contact_address" text,
	"contact_city" text,
	"contact_state" text,
	"contact_zip_code" text,
	"focus_areas" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"marker_type" text DEFAULT 'standard' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"full_path" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"generation" text NOT NULL,
	"metageneration" text DEFAULT '1' NOT NULL,
	"content_type" text,
	"md5_hash" text,
	"cache_control" text,
	"content_disposition" text,
	"content_encoding" text,
	"content_language" text,
	"custom_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"download_tokens" text NOT NULL,
	"storage_key" text NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text DEFAULT 'footer' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"show_notes" text DEFAULT '' NOT NULL,
	"guest" text DEFAULT '' NOT NULL,
	"audio_url" text,
	"audio_type" text DEFAULT 'audio/mpeg' NOT NULL,
	"audio_bytes" integer,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text GENERATED ALWAYS AS (replace(name, ' ', '-')) STORED NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location_id" uuid,
	"start_date" date,
	"end_date" date,
	"format" "program_format" DEFAULT 'in-person' NOT NULL,
	"price_cents" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"educators" text[] DEFAULT '{}'::text[] NOT NULL,
	"application_url" text,
	"capacity" integer,
	"focus_areas" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" bigint NOT NULL,
	"blocked_until" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" "region_key" NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "regions_key_unique" UNIQUE("key"),
	CONSTRAINT "regions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "request_stats" (
	"bucket_start" timestamp with time zone NOT NULL,
	"route" text NOT NULL,
	"method" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"count_2xx" integer DEFAULT 0 NOT NULL,
	"count_3xx" integer DEFAULT 0 NOT NULL,
	"count_4xx" integer DEFAULT 0 NOT NULL,
	"count_5xx" integer DEFAULT 0 NOT NULL,
	"histogram" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_ms" double precision DEFAULT 0 NOT NULL,
	"max_ms" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "request_stats_bucket_start_route_method_pk" PRIMARY KEY("bucket_start","route","method")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"type" "resource_type" NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"image_url" text,
	"focus_areas" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "sub_regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"region_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" "user_role" DEFAULT 'DEFAULT' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_sub_region_id_sub_regions_id_fk" FOREIGN KEY ("sub_region_id") REFERENCES "public"."sub_regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_regions" ADD CONSTRAINT "sub_regions_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_kind_created_idx" ON "analytics_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "applications_status_created_idx" ON "applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "change_makers_name_idx" ON "change_makers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_unique" ON "locations" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_slug_unique" ON "locations" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "locations_region_id_idx" ON "locations" USING btree ("region_id","name");--> statement-breakpoint
CREATE INDEX "locations_sub_region_id_idx" ON "locations" USING btree ("sub_region_id");--> statement-breakpoint
CREATE INDEX "locations_country_idx" ON "locations" USING btree ("country","name");--> statement-breakpoint
CREATE INDEX "locations_focus_areas_idx" ON "locations" USING gin ("focus_areas");--> statement-breakpoint
CREATE INDEX "locations_updated_at_idx" ON "locations" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "locations_lower_name_idx" ON "locations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "media_bucket_path_unique" ON "media_objects" USING btree ("bucket","full_path");--> statement-breakpoint
CREATE INDEX "media_time_created_idx" ON "media_objects" USING btree ("time_created");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_unique" ON "newsletter_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_timestamp_idx" ON "newsletter_subscriptions" USING btree ("timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "podcast_episodes_number_unique" ON "podcast_episodes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "podcast_episodes_published_idx" ON "podcast_episodes" USING btree ("published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "podcast_sub_email_unique" ON "podcast_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "podcast_sub_timestamp_idx" ON "podcast_subscriptions" USING btree ("timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_name_unique" ON "programs" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_slug_unique" ON "programs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "programs_start_date_idx" ON "programs" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "programs_location_id_idx" ON "programs" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "request_stats_bucket_idx" ON "request_stats" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "resources_type_title_idx" ON "resources" USING btree ("type","title");--> statement-breakpoint
CREATE INDEX "resources_title_idx" ON "resources" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_unique" ON "sessions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_regions_region_name_unique" ON "sub_regions" USING btree ("region_id","name");--> statement-breakpoint
CREATE INDEX "sub_regions_name_idx" ON "sub_regions" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");