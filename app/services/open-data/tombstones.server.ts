import { DAY_MS } from "~/lib/constants";
import { API_CHANGES_MAX_AGE_DAYS } from "~/lib/open-data-params";
import { pruneTombstones } from "~/queries/open-data.server";
import type { Services } from "../services.server";

/**
 * How long a tombstone is kept (decision 069): longer than `updated_since` may reach back (a year), so every change
 * list the API answers is complete.
 */
export const TOMBSTONE_KEPT_DAYS = API_CHANGES_MAX_AGE_DAYS + 35;

/** Deletes the tombstones older than TOMBSTONE_KEPT_DAYS (the hourly maintenance); returns how many. */
export function pruneOldTombstones({ db }: Pick<Services, "db">, now = Date.now()): Promise<number> {
  return pruneTombstones(db, new Date(now - TOMBSTONE_KEPT_DAYS * DAY_MS));
}
