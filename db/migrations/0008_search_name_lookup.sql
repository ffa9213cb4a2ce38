-- Exact-name lookups for search ranking (docs/decisions/021-broad-searches.md). The trigram index answers `=` by
-- reading every row that shares its trigrams ("syn", "ite", … are in half the names): 130 ms at 500,000 places. A
-- hash index answers it in one probe and, unlike a btree, takes names of any length.
CREATE INDEX IF NOT EXISTS "locations_search_name_idx" ON "locations" USING hash ("search_name");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_search_name_idx" ON "programs" USING hash ("search_name");
