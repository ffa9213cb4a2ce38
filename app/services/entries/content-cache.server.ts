import type { ChangeBus } from "~db/client";
import { type ContentEntity, onContentChanged } from "./content-events.server";

/**
 * Values read from the database and kept until content of the given kinds changes: the editing instance's
 * notification drops them on every instance, and the content-version check catches writes nobody announced (a
 * script, psql). At most `max` keys are kept, the least recently used going first. A failed read is not kept.
 */
export function contentCache<V>(entities: readonly ContentEntity[], max = 500) {
  const perBus = new WeakMap<ChangeBus, Map<string, Promise<V>>>();
  const slots = (bus: ChangeBus) => {
    let map = perBus.get(bus);
    if (!map) {
      const created = new Map<string, Promise<V>>();
      onContentChanged(bus, (entity) => {
        if (entities.includes(entity)) created.clear();
      });
      perBus.set(bus, created);
      map = created;
    }
    return map;
  };
  return function cached(services: { bus: ChangeBus }, key: string, read: () => Promise<V>): Promise<V> {
    const map = slots(services.bus);
    const held = map.get(key);
    if (held) {
      map.delete(key);
      map.set(key, held);
      return held;
    }
    const reading = read();
    map.set(key, reading);
    if (map.size > max) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    reading.catch(() => {
      if (map.get(key) === reading) map.delete(key);
    });
    return reading;
  };
}
