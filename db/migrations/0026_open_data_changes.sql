-- Decision 069: the open data's change order and its tombstones.
--
-- `changed_at` on each public entry table is when the row last changed in a way the open data shows. The database
-- sets it (to the writing transaction's start, `now()`) on every insert and on every update that changes more than
-- the bookkeeping columns, whatever code writes it: staff saves, reverts, accepted corrections, merges, translations,
-- moved images, raw statements. `/api/v1/…?updated_since=` pages through it with (changed_at, id).
--
-- `open_data_tombstones` holds an entry that left the public set: deleted, unpublished, or merged into another
-- (the merge fills `merged_into` in its own transaction). Written by a trigger in the transaction that removes the
-- entry, dropped when it is published again (its `changed_at` then says it is back), pruned after 400 days.
CREATE TABLE "open_data_tombstones" (
	"kind" text NOT NULL,
	"id" uuid NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merged_into" uuid,
	CONSTRAINT "open_data_tombstones_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "change_makers" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "open_data_tombstones_order_idx" ON "open_data_tombstones" USING btree ("kind","deleted_at","id");--> statement-breakpoint
CREATE INDEX "change_makers_changed_idx" ON "change_makers" USING btree ("changed_at","id");--> statement-breakpoint
CREATE INDEX "locations_changed_idx" ON "locations" USING btree ("changed_at","id");--> statement-breakpoint
CREATE INDEX "podcast_episodes_changed_idx" ON "podcast_episodes" USING btree ("changed_at","id");--> statement-breakpoint
CREATE INDEX "programs_changed_idx" ON "programs" USING btree ("changed_at","id");--> statement-breakpoint
CREATE INDEX "resources_changed_idx" ON "resources" USING btree ("changed_at","id");
--> statement-breakpoint
-- Rows stored before this migration changed when staff last changed them.
UPDATE "locations" SET "changed_at" = "updated_at";--> statement-breakpoint
UPDATE "programs" SET "changed_at" = "updated_at";--> statement-breakpoint
UPDATE "change_makers" SET "changed_at" = "updated_at";--> statement-breakpoint
UPDATE "resources" SET "changed_at" = "updated_at";--> statement-breakpoint
UPDATE "podcast_episodes" SET "changed_at" = "updated_at";--> statement-breakpoint
-- An update that changes only bookkeeping (the slug the database derives, staff's "last checked", a check request's
-- one-time value, an episode's announcement count, the search columns, `updated_at` alone) leaves the order alone.
CREATE OR REPLACE FUNCTION open_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bookkeeping text[] := ARRAY['slug', 'changed_at', 'updated_at', 'checked_at', 'check_requested_at', 'check_nonce',
    'announced_at', 'announced_to', 'search_vector', 'search_name'];
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - bookkeeping) = (to_jsonb(OLD) - bookkeeping) THEN
    NEW.changed_at := OLD.changed_at;
  ELSE
    NEW.changed_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A public entry (published; an episode always) that is deleted or leaves "published" gets a tombstone; one that
-- becomes public again loses it. TG_ARGV[0] is the open-data collection's name for the kind.
CREATE OR REPLACE FUNCTION open_data_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_public boolean := TG_OP <> 'INSERT' AND coalesce(to_jsonb(OLD) ->> 'status', 'published') = 'published';
  new_public boolean := TG_OP <> 'DELETE' AND coalesce(to_jsonb(NEW) ->> 'status', 'published') = 'published';
BEGIN
  IF old_public AND NOT new_public THEN
    INSERT INTO open_data_tombstones (kind, id, deleted_at) VALUES (TG_ARGV[0], OLD.id, now())
      ON CONFLICT (kind, id) DO UPDATE SET deleted_at = now(), merged_into = NULL;
  ELSIF new_public AND NOT old_public THEN
    -- Published again, or inserted with an id it had before (a backup restored): live again.
    DELETE FROM open_data_tombstones WHERE kind = TG_ARGV[0] AND id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Both triggers on each table; an episode has no status, so only its deletion leaves (and its insertion drops) a
-- tombstone.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('locations', 'place'), ('programs', 'program'), ('change_makers', 'change-maker'),
      ('resources', 'resource'), ('podcast_episodes', 'episode')) AS v(tbl, kind) LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION open_data_changed()',
      t.tbl || '_open_data_changed', t.tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR %s DELETE ON %I FOR EACH ROW EXECUTE FUNCTION open_data_tombstone(%L)',
      t.tbl || '_open_data_tombstone', CASE WHEN t.kind = 'episode' THEN '' ELSE 'UPDATE OF status OR' END, t.tbl,
      t.kind);
  END LOOP;
END $$;
