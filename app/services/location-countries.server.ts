import type { ChangeBus, Database } from "../../db/client";
import { listLocationCountries } from "../queries/locations.server";
import { onContentChanged } from "./content-events.server";

const held = new WeakMap<ChangeBus, { value: Promise<string[]> | null }>();

/**
 * The countries that have places (the country filter of /locations and /map), read once and kept until locations
 * change: on any instance the edit's notification drops it, and the content-version check catches writes nobody
 * announced. Reading it was a scan of every location on each request (132 ms at 500,000).
 */
export function getLocationCountries(services: { db: Database; bus: ChangeBus }): Promise<string[]> {
  let slot = held.get(services.bus);
  if (!slot) {
    const created = { value: null as Promise<string[]> | null };
    onContentChanged(services.bus, (entity) => {
      if (entity === "locations") created.value = null;
    });
    held.set(services.bus, created);
    slot = created;
  }
  if (slot.value) return slot.value;
  const reading = listLocationCountries(services.db);
  const current = slot;
  current.value = reading;
  reading.catch(() => {
    if (current.value === reading) current.value = null;
  });
  return reading;
}
