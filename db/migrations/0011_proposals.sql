CREATE TYPE "public"."proposal_kind" AS ENUM('new-place', 'correction');--> statement-breakpoint
CREATE TYPE "public"."proposal_status" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "proposal_kind" NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seen" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"closure" text,
	"comment" text DEFAULT '' NOT NULL,
	"email" text,
	"consent_at" timestamp with time zone,
	"status" "proposal_status" DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "proposals_status_created_idx" ON "proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "proposals_entity_idx" ON "proposals" USING btree ("entity","entity_id");