import type { NavigationPages } from "~/lib/navigation";
import {
  DEFAULT_GENERAL,
  type GeneralSettings,
  getGeneralSettings,
  getNavigation,
  SETTINGS_CHANNEL,
} from "~/queries/settings.server";
import type { ChangeBus } from "~db/client";
import type { Services } from "../services.server";

export type PublicSettings = { navigation: NavigationPages; general: GeneralSettings };

/** How long a copy is trusted at most, should a change notification be lost. */
const MAX_AGE_MS = 5_000;

type Held = { at: number; value: Promise<PublicSettings> };
const held = new WeakMap<ChangeBus, { current: Held | null }>();

/**
 * The settings every public page shows (navigation, contact address, map style), read once and kept in memory until
 * they change: a save on any instance announces itself on the change bus, and a copy is never older than five
 * seconds anyway. Each public page used to read both documents from the database.
 */
export function getPublicSettings(
  services: Pick<Services, "db" | "bus">,
  log?: (err: unknown) => void,
): Promise<PublicSettings> {
  let slot = held.get(services.bus);
  if (!slot) {
    const created = { current: null as Held | null };
    services.bus.subscribe(SETTINGS_CHANNEL, () => {
      created.current = null;
    });
    held.set(services.bus, created);
    slot = created;
  }
  const now = Date.now();
  if (slot.current && now - slot.current.at < MAX_AGE_MS) return slot.current.value;
  let failed = false;
  const value = Promise.all([
    getNavigation(services.db, (err) => {
      failed = true;
      log?.(err);
    }),
    getGeneralSettings(services.db).catch((err: unknown) => {
      failed = true;
      log?.(err);
      return DEFAULT_GENERAL;
    }),
  ]).then(([navigation, general]) => {
    // A failed read falls back to defaults for this request only; the next one tries again.
    if (failed && slot.current?.value === value) slot.current = null;
    return { navigation, general };
  });
  const entry = { at: now, value };
  slot.current = entry;
  return value;
}

/** Queries the screens use as they are (decision 036). */
export {
  getGeneralSettings,
  getNavigation,
  SETTINGS_CHANNEL,
  saveGeneralSettings,
  saveNavigation,
} from "~/queries/settings.server";
