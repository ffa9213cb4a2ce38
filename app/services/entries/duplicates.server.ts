import { findLikelyDuplicates } from "~/queries/duplicates.server";
import type { Services } from "../services.server";

/**
 * Likely duplicates of a place, shown before staff save or accept one.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export { findLikelyDuplicates };

/** A published place a visitor's suggestion looks like: what the public page shows of it. */
export type LookAlike = { id: string; name: string; city: string | null; country: string };

/**
 * Published places that look like the one a visitor is about to suggest ("Is it one of these?", decision 058), by
 * the moderation scorer's name and position rules only: never a draft or archived place, and not by website or
 * e-mail domain, which read the whole table (fine on staff's screens, not on a public form).
 */
export async function findPublishedLookAlikes(
  services: Pick<Services, "db">,
  probe: { name: string; latitude: number | null; longitude: number | null },
): Promise<LookAlike[]> {
  const found = await findLikelyDuplicates(
    services.db,
    { ...probe, website: null, contactEmail: null },
    { publishedOnly: true, limit: 5 },
  );
  return found.map((d) => ({ id: d.id, name: d.name, city: d.city, country: d.country }));
}
