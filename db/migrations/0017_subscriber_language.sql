ALTER TYPE "public"."mail_kind" ADD VALUE 'contribution-received';--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;