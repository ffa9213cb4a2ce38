ALTER TYPE "public"."mail_kind" ADD VALUE 'entry-check';--> statement-breakpoint
ALTER TABLE "change_makers" ADD COLUMN "checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "check_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "check_nonce" text;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Entries that existed before: last checked when they were last saved (the best knowledge there is). The search
-- triggers are held meanwhile: the words do not change, and recomputing them for every row would take minutes at
-- 500,000 places.
ALTER TABLE "locations" DISABLE TRIGGER "locations_search";--> statement-breakpoint
UPDATE "locations" SET "checked_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "locations" ENABLE TRIGGER "locations_search";--> statement-breakpoint
ALTER TABLE "programs" DISABLE TRIGGER "programs_search";--> statement-breakpoint
UPDATE "programs" SET "checked_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "programs" ENABLE TRIGGER "programs_search";--> statement-breakpoint
ALTER TABLE "change_makers" DISABLE TRIGGER "change_makers_search";--> statement-breakpoint
UPDATE "change_makers" SET "checked_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "change_makers" ENABLE TRIGGER "change_makers_search";
