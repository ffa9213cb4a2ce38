import { ENTRY_NAME_MAX_LENGTH, UNKNOWN_FOCUS_AREAS } from "../constants";
import { MARKER_TYPES } from "../taxonomy";
import { z } from "../zod";
import {
  checkbox,
  entryStatus,
  idList,
  nullableText,
  optionalEmail,
  optionalId,
  optionalNumber,
  optionalText,
  optionalUrl,
  requiredText,
} from "./form";

export const LOCATION_LIMITS = {
  name: ENTRY_NAME_MAX_LENGTH,
  shortDescription: 300,
  longDescription: 10_000,
  country: 80,
  contact: 200,
} as const;

export const LOCATION_NAME_TAKEN = "Another location already uses this name (its page address would be the same).";

/** The name error when another entry's name differs from this one only in letter case, spaces or hyphens. */
export function nameTakenBy(kind: "location" | "program", existing: string): string {
  return `Another ${kind} is already called “${existing}”: names that differ only in letter case, spaces or hyphens share one page address.`;
}

/** A location as the admin form submits it. regionName is derived on the server. */
export const LocationSchema = z.object({
  name: requiredText("Name", LOCATION_LIMITS.name),
  shortDescription: optionalText("Short description", LOCATION_LIMITS.shortDescription),
  longDescription: optionalText("Long description", LOCATION_LIMITS.longDescription),
  originalImageUrl: optionalUrl("Original image URL", { allowPath: true }),
  webpImageUrl: optionalUrl("WebP image URL", { allowPath: true }),
  website: optionalUrl("Website"),
  country: optionalText("Country", LOCATION_LIMITS.country),
  regionId: optionalId("Region"),
  subRegionId: optionalId("Sub-region"),
  contactEmail: optionalEmail("Contact e-mail"),
  contactPhone: nullableText("Contact phone", 40),
  contactAddress: nullableText("Contact address", LOCATION_LIMITS.contact),
  contactCity: nullableText("City", 100),
  contactState: nullableText("State or province", 100),
  contactZipCode: nullableText("ZIP or postal code", 20),
  focusAreas: idList("Focus areas", 40),
  latitude: optionalNumber("Latitude", -90, 90),
  longitude: optionalNumber("Longitude", -180, 180),
  markerType: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? "standard" : v),
    z.enum(MARKER_TYPES, { error: "Please choose a marker type from the list." }),
  ),
  featured: checkbox,
  status: entryStatus,
});

export type LocationFormOutput = z.output<typeof LocationSchema>;

export type LocationReference = {
  regions: readonly { id: string; name: string }[];
  subRegions: readonly { id: string; regionId: string }[];
  focusAreas: readonly { id: string }[];
};

/**
 * Checks the chosen region, sub-region and focus areas against the reference data (the same check runs in the
 * browser with the loader's data and on the server with fresh data). Returns field errors, empty when fine.
 */
export function checkLocationReferences(value: LocationFormOutput, ref: LocationReference): Record<string, string> {
  const errors: Record<string, string> = {};
  if (value.regionId && !ref.regions.some((r) => r.id === value.regionId)) {
    errors.regionId = "Please choose a region from the list.";
  }
  if (value.subRegionId) {
    const sub = ref.subRegions.find((s) => s.id === value.subRegionId);
    if (!sub) errors.subRegionId = "Please choose a sub-region from the list.";
    else if (!value.regionId) errors.subRegionId = "Choose a region before choosing a sub-region.";
    else if (sub.regionId !== value.regionId)
      errors.subRegionId = "This sub-region does not belong to the chosen region.";
  }
  const known = new Set(ref.focusAreas.map((f) => f.id));
  if (value.focusAreas.some((id) => !known.has(id))) errors.focusAreas = UNKNOWN_FOCUS_AREAS;
  if ((value.latitude === null) !== (value.longitude === null)) {
    errors[value.latitude === null ? "latitude" : "longitude"] = "Enter both latitude and longitude, or neither.";
  }
  return errors;
}
