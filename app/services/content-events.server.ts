import type { ChangeBus } from "../../db/client";

/** Bus channel on which every write to public content is announced (all instances hear it). */
export const CONTENT_CHANNEL = "content_changed";

export type ContentEntity =
  | "locations"
  | "programs"
  | "resources"
  | "changeMakers"
  | "podcast"
  | "settings"
  | "reference"
  | "media";

/** Call after any admin write to public content: caches (render cache, map clusters) listen and drop stale data. */
export async function notifyContentChanged(services: { bus: ChangeBus }, entity: ContentEntity): Promise<void> {
  await services.bus.publish(CONTENT_CHANNEL, JSON.stringify({ entity, at: Date.now() }));
}

/** Subscribes to content changes; returns the unsubscribe function. */
export function onContentChanged(bus: ChangeBus, listener: (entity: ContentEntity) => void): () => void {
  return bus.subscribe(CONTENT_CHANNEL, (payload) => {
    try {
      const parsed = JSON.parse(payload) as { entity?: ContentEntity };
      if (parsed.entity) listener(parsed.entity);
    } catch {
      // ignore malformed notifications
    }
  });
}
