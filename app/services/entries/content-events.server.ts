import type { ChangeBus } from "~db/client";

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

/**
 * What a listener learns besides the entity: a change found by the content-version check carries every entity's
 * version, so a cache built from exactly those versions can tell it is already current.
 */
export type ContentChange = { versions?: Record<string, number> };

/** Subscribes to content changes; returns the unsubscribe function. */
export function onContentChanged(
  bus: ChangeBus,
  listener: (entity: ContentEntity, change: ContentChange) => void,
): () => void {
  return bus.subscribe(CONTENT_CHANNEL, (payload) => {
    try {
      const parsed = JSON.parse(payload) as { entity?: ContentEntity; versions?: Record<string, number> };
      if (parsed.entity) listener(parsed.entity, { versions: parsed.versions });
    } catch {
      // ignore malformed notifications
    }
  });
}

/**
 * Announces to this instance only (not to the others) a change found by comparing content versions: every
 * instance runs its own check, so each finds the change itself.
 */
export function announceLocally(bus: ChangeBus, entity: ContentEntity, versions: Record<string, number>): void {
  bus.emitLocal(CONTENT_CHANNEL, JSON.stringify({ entity, at: Date.now(), versions }));
}
