-- Decision 058: a contribution keeps the language of the page it was sent from (a proposed place's original
-- language, and the language of the mail telling the visitor the outcome) and when that mail was sent; staff choose
-- which notices they get (new applications, new contributions) and how (one message each, or a daily digest).
--
-- Existing contributions read as English, the column's default, as decision 035 did for earlier rows. A staff member
-- who never saved the new settings gets the default (both notices, one message each, for the first administrator:
-- the oldest active admin; none for anyone else), so staff who had turned application notices on are recorded here
-- as having chosen, and keep them; the first administrator keeps the default, which now includes contributions.
ALTER TYPE "public"."mail_kind" ADD VALUE 'contribution-notice';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'contribution-outcome';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'staff-digest';--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "outcome_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_contributions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notices_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "notices_chosen_at" = now()
WHERE "notify_applications"
  AND "id" IS DISTINCT FROM (
    SELECT "id" FROM "users"
    WHERE "role" = 'ADMIN' AND NOT coalesce("banned", false)
    ORDER BY "created_at", "id"
    LIMIT 1
  );
