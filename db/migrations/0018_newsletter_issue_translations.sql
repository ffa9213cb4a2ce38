ALTER TABLE "newsletter_issues" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;