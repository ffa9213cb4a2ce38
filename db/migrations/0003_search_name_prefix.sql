-- Suggestions as a name is typed: names that begin with the typed text, read in name order from a btree index
-- (byte order, so a LIKE 'prefix%' range scan can use it whatever the database's collation). The trigram index
-- answers such a prefix by visiting every name that shares its trigrams; this one stops after the first few.
CREATE INDEX locations_search_name_prefix_idx ON locations (search_name COLLATE "C");
--> statement-breakpoint
CREATE INDEX programs_search_name_prefix_idx ON programs (search_name COLLATE "C");
--> statement-breakpoint
CREATE INDEX change_makers_search_name_prefix_idx ON change_makers (search_name COLLATE "C");
--> statement-breakpoint
CREATE INDEX resources_search_name_prefix_idx ON resources (search_name COLLATE "C");
--> statement-breakpoint
CREATE INDEX podcast_episodes_search_name_prefix_idx ON podcast_episodes (search_name COLLATE "C");
