import { listFocusAreas } from "~/queries/reference.server";
import type { Services } from "../services.server";

/** True when some of the posted focus areas do not exist. */
export async function hasUnknownFocusAreas({ db }: Pick<Services, "db">, ids: readonly string[]): Promise<boolean> {
  const known = new Set((await listFocusAreas(db)).map((f) => f.id));
  return ids.some((id) => !known.has(id));
}
