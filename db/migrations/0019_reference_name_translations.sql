ALTER TABLE "focus_areas" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_regions" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;