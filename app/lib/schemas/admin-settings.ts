import { DATA_ATTRIBUTION_MAX, DATA_LICENCE_IDS } from "../data-licences";
import { NAV_PAGE_KEYS, type NavigationPages, type NavPageKey } from "../navigation";
import { EmailSchema } from "../schemas";
import { z } from "../zod";
import { tickedValues } from "./form";

/** How each page is named on the settings screen. */
export const NAV_PAGE_LABELS: Record<NavPageKey, string> = {
  home: "Home",
  locations: "Locations",
  changeMakers: "Change-makers",
  about: "About us",
  podcast: "Podcast",
  resources: "Resources",
  contact: "Contact",
  programs: "Programs",
};

const MapStyleUrlSchema = z
  .string()
  .trim()
  .max(2000, "The map style URL is too long.")
  .refine((v) => {
    if (v === "") return true;
    // A path on this site (the PMTiles style, /api/map/style.json), as MAP_STYLE_URL allows.
    if (/^\/(?!\/)\S*$/.test(v)) return true;
    try {
      return new URL(v).protocol === "https:";
    } catch {
      return false;
    }
  }, "Enter a full https:// URL of a map style, a path on this site such as /api/map/style.json, or leave it empty for the built-in map.")
  .default("");

/**
 * The site settings form. A checkbox is sent only when ticked, so each page's flag is "is it present";
 * `nav` is the list of ticked page keys.
 */
export const SiteSettingsSchema = z.object({
  nav: tickedValues(NAV_PAGE_KEYS, "Choose pages from the list."),
  contactEmail: EmailSchema,
  mapStyleUrl: MapStyleUrlSchema,
  freshnessMonths: z.coerce
    .number({ error: "Enter a number of months." })
    .int("Enter a whole number of months.")
    .min(1, "Enter between 1 and 60 months.")
    .max(60, "Enter between 1 and 60 months."),
  dataLicence: z.enum(DATA_LICENCE_IDS, { error: "Choose one of the licences listed." }),
  dataAttribution: z
    .string()
    .trim()
    .max(DATA_ATTRIBUTION_MAX, `Keep the attribution to ${DATA_ATTRIBUTION_MAX} characters or fewer.`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Write the attribution on one line, without control characters.")
    .default(""),
});

export function toNavigationPages(ticked: readonly NavPageKey[]): NavigationPages {
  return Object.fromEntries(NAV_PAGE_KEYS.map((k) => [k, ticked.includes(k)])) as NavigationPages;
}
