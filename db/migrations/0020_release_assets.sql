CREATE TABLE "release_assets" (
	"name" text PRIMARY KEY NOT NULL,
	"body" "bytea" NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
