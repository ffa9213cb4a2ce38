import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteSettings } from "../../db/schema";
import { ALL_PAGES_VISIBLE, type NavigationPages, normalizeNavigation } from "../lib/navigation";

export const NAVIGATION_DOC = "navigation";
export const GENERAL_DOC = "general";
export const SETTINGS_CHANNEL = "site_settings";

export type GeneralSettings = { contactEmail: string; mapStyleUrl: string };
export const DEFAULT_GENERAL: GeneralSettings = { contactEmail: "info@permaculture.example", mapStyleUrl: "" };

export async function getSettingsDocument(db: Database, key: string): Promise<unknown | undefined> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).limit(1);
  return row?.value;
}

/** The navigation document; every page is visible when it is missing or cannot be read (spec section 8). */
export async function getNavigation(db: Database, log?: (err: unknown) => void): Promise<NavigationPages> {
  try {
    return normalizeNavigation(await getSettingsDocument(db, NAVIGATION_DOC));
  } catch (err) {
    log?.(err);
    return { ...ALL_PAGES_VISIBLE };
  }
}

export async function getGeneralSettings(db: Database): Promise<GeneralSettings> {
  const value = (await getSettingsDocument(db, GENERAL_DOC)) as Partial<GeneralSettings> | undefined;
  return { ...DEFAULT_GENERAL, ...(value ?? {}) };
}

export async function putSettingsDocument(db: Database, key: string, value: unknown, updatedBy?: string): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value, updatedAt: new Date(), updatedBy: updatedBy ?? null })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date(), updatedBy: updatedBy ?? null } });
}
