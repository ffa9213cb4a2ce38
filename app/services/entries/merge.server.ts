import { moveLocationReferences } from "~/queries/duplicates.server";
import { deleteLocation, getLocationById, updateLocation } from "~/queries/locations.server";
import { markMergedInto } from "~/queries/open-data.server";
import { redirectEntry } from "~/queries/redirects.server";
import type { Services } from "../services.server";
import type { SessionUser } from "../staff/guard.server";
import { notifyContentChanged } from "./content-events.server";
import { recordChange } from "./revisions.server";

export type MergeOutcome =
  | { ok: true; keptName: string; removedName: string }
  | { ok: false; status: 400 | 404; message: string };

/**
 * Merges a duplicate place into the one staff keep: its programs and related change-makers move over, its image
 * fills a kept place that has none, its address (and every old address of it) answers 301 to the kept place, and it
 * is deleted, its open-data tombstone naming the kept place. One transaction, with the kept place's revision and the audit entry that record it.
 */
export async function mergeLocations(
  services: Pick<Services, "db" | "bus">,
  user: SessionUser,
  keepId: string,
  removeId: string,
): Promise<MergeOutcome> {
  const { db } = services;
  if (keepId === removeId) return { ok: false, status: 400, message: "A place cannot be merged into itself." };
  const [keep, remove] = await Promise.all([getLocationById(db, keepId), getLocationById(db, removeId)]);
  if (!keep || !remove) return { ok: false, status: 404, message: "One of the two places no longer exists." };
  const image =
    !keep.originalImageUrl && remove.originalImageUrl
      ? {
          originalImageUrl: remove.originalImageUrl,
          webpImageUrl: remove.webpImageUrl,
          imageWidth: remove.imageWidth,
          imageHeight: remove.imageHeight,
        }
      : null;
  await db.transaction(async (t) => {
    await moveLocationReferences(t, remove.id, keep.id);
    await redirectEntry(t, "location", { id: remove.id, slug: remove.slug }, keep.id);
    await deleteLocation(t, remove.id);
    // The delete left a tombstone for the open data (decision 069); a mirror learns where the place went.
    await markMergedInto(t, "place", remove.id, keep.id);
    if (image) await updateLocation(t, keep.id, image);
    await recordChange(
      { db: t },
      {
        revision: image ? { entity: "location", entityId: keep.id, before: keep, written: image } : null,
        audit: {
          user,
          action: "update",
          entity: "location",
          entityId: keep.id,
          summary: `Merged "${remove.name}" into "${keep.name}"`,
        },
      },
    );
  });
  await notifyContentChanged(services, "locations");
  await notifyContentChanged(services, "programs");
  return { ok: true, keptName: keep.name, removedName: remove.name };
}
