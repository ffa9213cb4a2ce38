import { listFocusAreas } from "~/queries/reference.server";
import type { Database } from "~db/client";

/** True when some of the posted focus areas do not exist. */
export async function hasUnknownFocusAreas(db: Database, ids: readonly string[]): Promise<boolean> {
  const known = new Set((await listFocusAreas(db)).map((f) => f.id));
  return ids.some((id) => !known.has(id));
}
