import { eq } from "drizzle-orm";
import type { ChangeBus, Executor } from "~db/client";
import { siteSettings } from "~db/schema";
import { type DataLicenceId, DEFAULT_DATA_LICENCE, dataLicence } from "../lib/data-licences";
import { ALL_PAGES_VISIBLE, type NavigationPages, normalizeNavigation } from "../lib/navigation";

export const NAVIGATION_DOC = "navigation";
export const GENERAL_DOC = "general";
export const SETTINGS_CHANNEL = "site_settings";

export type GeneralSettings = {
  contactEmail: string;
  mapStyleUrl: string;
  /** Entries not confirmed for this many months are listed under "needs checking" in the moderation queue. */
  freshnessMonths: number;
  /** The licence the directory's data is published under (DATA_LICENCES; the terms page states it). */
  dataLicence: DataLicenceId;
  /** The credit the open data asks reusers to give; empty: "© <site name> contributors" (dataAttribution). */
  dataAttribution: string;
};
export const DEFAULT_GENERAL: GeneralSettings = {
  contactEmail: "info@permaculture.example",
  mapStyleUrl: "",
  freshnessMonths: 12,
  dataLicence: DEFAULT_DATA_LICENCE,
  dataAttribution: "",
};

export async function getSettingsDocument(db: Executor, key: string): Promise<unknown | undefined> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key))
    .limit(1);
  return row?.value;
}

/** The navigation document; every page is visible when it is missing or cannot be read. */
export async function getNavigation(db: Executor, log?: (err: unknown) => void): Promise<NavigationPages> {
  try {
    return normalizeNavigation(await getSettingsDocument(db, NAVIGATION_DOC));
  } catch (err) {
    log?.(err);
    return { ...ALL_PAGES_VISIBLE };
  }
}

export async function getGeneralSettings(db: Executor): Promise<GeneralSettings> {
  const value = (await getSettingsDocument(db, GENERAL_DOC)) as Partial<GeneralSettings> | undefined;
  const general = { ...DEFAULT_GENERAL, ...(value ?? {}) };
  // Saved before the setting existed (the default), or by hand in the database: always a licence on the list.
  return {
    ...general,
    dataLicence: dataLicence(general.dataLicence).spdx,
    dataAttribution: typeof general.dataAttribution === "string" ? general.dataAttribution : "",
  };
}

/**
 * The contact e-mail staff saved in Site settings, or null while they never saved one (or saved the starting
 * placeholder, which no one reads): the address the site's mail may name for replies when MAIL_REPLY_TO is not set.
 */
export async function getSavedContactEmail(db: Executor): Promise<string | null> {
  const value = (await getSettingsDocument(db, GENERAL_DOC)) as { contactEmail?: unknown } | undefined;
  const email = typeof value?.contactEmail === "string" ? value.contactEmail.trim() : "";
  return email && email !== DEFAULT_GENERAL.contactEmail && email.includes("@") ? email : null;
}

export async function putSettingsDocument(
  db: Executor,
  key: string,
  value: unknown,
  updatedBy?: string,
): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value, updatedAt: new Date(), updatedBy: updatedBy ?? null })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value, updatedAt: new Date(), updatedBy: updatedBy ?? null },
    });
}

/**
 * Saves the navigation document and tells every server instance (and so every open public page) about it.
 * Open pages listen on /api/settings/stream.
 */
export async function saveNavigation(
  services: { db: Executor; bus: ChangeBus },
  pages: NavigationPages,
  updatedBy?: string,
): Promise<void> {
  await putSettingsDocument(services.db, NAVIGATION_DOC, { pages }, updatedBy);
  await services.bus.publish(SETTINGS_CHANNEL, JSON.stringify({ navigation: pages }));
}

/** Saves the general settings; a licence not given is the default (callers from before the setting existed). */
export async function saveGeneralSettings(
  services: { db: Executor; bus: ChangeBus },
  given: Omit<GeneralSettings, "dataLicence" | "dataAttribution"> & {
    dataLicence?: DataLicenceId;
    dataAttribution?: string;
  },
  updatedBy?: string,
): Promise<void> {
  const general: GeneralSettings = {
    ...given,
    dataLicence: given.dataLicence ?? DEFAULT_DATA_LICENCE,
    dataAttribution: given.dataAttribution ?? "",
  };
  await putSettingsDocument(services.db, GENERAL_DOC, general, updatedBy);
  await services.bus.publish(SETTINGS_CHANNEL, JSON.stringify({ general }));
}
