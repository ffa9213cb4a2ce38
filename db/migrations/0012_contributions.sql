CREATE TABLE "entry_redirects" (
	"entity" text NOT NULL,
	"slug" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_redirects_entity_slug_pk" PRIMARY KEY("entity","slug")
);
--> statement-breakpoint
CREATE TABLE "entry_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"changes" jsonb NOT NULL,
	"user_id" text,
	"user_email" text DEFAULT '' NOT NULL,
	"proposal_id" uuid,
	"reverts" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "change_maker_id" uuid;--> statement-breakpoint
CREATE INDEX "entry_redirects_target_idx" ON "entry_redirects" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "entry_revisions_entity_idx" ON "entry_revisions" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_change_maker_id_change_makers_id_fk" FOREIGN KEY ("change_maker_id") REFERENCES "public"."change_makers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_location_idx" ON "applications" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "applications_change_maker_idx" ON "applications" USING btree ("change_maker_id");