-- Decision 054: outbox rows name the mailbox and domain they go to, so the per-recipient caps count one inbox
-- however its address is spelled; rate-limit counters say when they end, so the hourly maintenance can delete them.
ALTER TABLE "mail_messages" ADD COLUMN "to_mailbox" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "to_domain" text;--> statement-breakpoint
-- Messages stored before: their mailbox as mailboxOf() (app/lib/mailbox.ts) writes it: lower case, the domain without
-- a final dot, no +tag, no dots at Gmail (googlemail.com read as gmail.com). A Unicode domain keeps its spelling here.
WITH "split" AS (
	SELECT "id",
		strpos("a", '@') > 0 AS "has_at",
		CASE WHEN strpos("a", '@') > 0 THEN regexp_replace("a", '@[^@]*$', '') ELSE "a" END AS "local",
		CASE WHEN strpos("a", '@') > 0 THEN rtrim(regexp_replace("a", '^.*@', ''), '.') ELSE '' END AS "domain"
	FROM (SELECT "id", lower(btrim("to_address")) AS "a" FROM "mail_messages") AS "addresses"
), "tagless" AS (
	SELECT "id", "has_at", "domain",
		CASE WHEN strpos("local", '+') > 1 THEN split_part("local", '+', 1) ELSE "local" END AS "local"
	FROM "split"
)
UPDATE "mail_messages" AS "m" SET
	"to_domain" = CASE WHEN "t"."domain" IN ('gmail.com', 'googlemail.com') THEN 'gmail.com' ELSE "t"."domain" END,
	"to_mailbox" = CASE
		WHEN NOT "t"."has_at" THEN "t"."local"
		WHEN "t"."domain" IN ('gmail.com', 'googlemail.com')
			THEN coalesce(nullif(replace("t"."local", '.', ''), ''), "t"."local") || '@gmail.com'
		ELSE "t"."local" || '@' || "t"."domain"
	END
FROM "tagless" AS "t" WHERE "m"."id" = "t"."id";--> statement-breakpoint
ALTER TABLE "mail_messages" ALTER COLUMN "to_mailbox" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ALTER COLUMN "to_domain" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expires_at" bigint;--> statement-breakpoint
-- Counters from before: no window in use is longer than a day by default.
UPDATE "rate_limits" SET "expires_at" = "window_start" + 86400000;--> statement-breakpoint
CREATE INDEX "mail_messages_mailbox_idx" ON "mail_messages" USING btree ("to_mailbox","kind","created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_domain_idx" ON "mail_messages" USING btree ("to_domain","kind","created_at");
