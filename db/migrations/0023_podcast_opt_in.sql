-- Decision 057: podcast subscriptions become double opt-in, like the newsletter's (decision 014), and episodes record
-- when they were e-mailed to the confirmed subscribers. The new mail kinds are only used by later transactions.
--
-- Sign-ups stored before this migration never confirmed anything: they stay unconfirmed (confirmed_at null), get no
-- episode mail, and have no confirm_sent_at, which marks them as never asked. The hourly maintenance asks each of them
-- once (in English, the column's default, as decision 035 did for earlier newsletter subscribers); one not confirmed
-- within the link's seven days is deleted the day after, like any other unconfirmed sign-up.
ALTER TYPE "public"."mail_kind" ADD VALUE 'podcast-confirm';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'podcast-episode';--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "announced_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "podcast_subscriptions" ADD COLUMN "confirm_nonce" text;--> statement-breakpoint
ALTER TABLE "podcast_subscriptions" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "podcast_subscriptions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE INDEX "podcast_sub_confirmed_idx" ON "podcast_subscriptions" USING btree ("confirmed_at");