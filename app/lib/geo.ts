import { numberFormat } from "./numbers";
/** The Earth's mean radius in kilometres, for great-circle distances. */
export const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres between two points (haversine), the same formula the database uses. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type DistanceUnit = "km" | "mi";

/** Countries where distances are read in miles (road signs and everyday speech). */
const MILE_REGIONS = new Set(["US", "GB", "LR", "MM"]);
const KM_PER_MILE = 1.609344;

/**
 * The unit a visitor reads distances in, from their language tag ("en-US" → miles, "de" → kilometres). A tag
 * without a region takes its likely one ("en" is read as American English, as browsers and CLDR do).
 */
export function distanceUnitFor(locale: string | undefined): DistanceUnit {
  if (!locale) return "km";
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && MILE_REGIONS.has(region) ? "mi" : "km";
  } catch {
    return "km";
  }
}

/**
 * A distance as people read it: "850 m", "12 km", "1,250 km"; in miles "0.3 mi", "7.5 mi", "776 mi". Numbers follow
 * the language given (British English by default, the site's own).
 */
export function formatDistance(km: number, unit: DistanceUnit = "km", locale = "en-GB"): string {
  const format = (value: number, unitName: "meter" | "kilometer" | "mile", digits: number) =>
    numberFormat(locale, { style: "unit", unit: unitName, maximumFractionDigits: digits }).format(value);
  if (unit === "mi") {
    const miles = km / KM_PER_MILE;
    return format(miles < 10 ? Math.max(0.1, Math.round(miles * 10) / 10) : Math.round(miles), "mile", 1);
  }
  if (km < 1) return format(Math.max(50, Math.round((km * 1000) / 50) * 50), "meter", 0);
  if (km < 10) return format(Math.round(km * 10) / 10, "kilometer", 1);
  return format(Math.round(km), "kilometer", 0);
}
