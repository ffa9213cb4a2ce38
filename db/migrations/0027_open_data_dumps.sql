CREATE TABLE "data_dump_files" (
	"name" text PRIMARY KEY NOT NULL,
	"blob_key" text NOT NULL,
	"gzip_key" text NOT NULL,
	"media_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"gzip_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"generated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_dump_retired_blobs" (
	"blob_key" text PRIMARY KEY NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_dump_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"lease_until" timestamp with time zone,
	"generated_at" timestamp with time zone
);
