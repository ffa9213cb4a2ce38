CREATE TYPE "public"."entry_status" AS ENUM('draft', 'published', 'archived');--> statement-breakpoint
ALTER TABLE "change_makers" ADD COLUMN "status" "entry_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "status" "entry_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "status" "entry_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "status" "entry_status" DEFAULT 'published' NOT NULL;