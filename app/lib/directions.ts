/**
 * Links that take a visitor to a place: routing on OpenStreetMap and the phone's own map app, built from the place's
 * coordinates, so they work wherever the address is vague. (The place on a map: osm-links.ts, used by the page
 * itself; these are used by the "Getting there" island only, so they stay out of the page's first JavaScript.)
 */

const OSM = "https://www.openstreetmap.org";

/** Coordinates as written in these links: five decimals (about a metre), a point as the decimal mark. */
function coordinate(value: number): string {
  return String(Math.round(value * 1e5) / 1e5);
}

/**
 * OpenStreetMap's route planner with the place as the destination and the start left for the visitor (its own
 * page offers "my position"). `route` is "from;to"; an empty "from" keeps only the destination.
 */
export function osmDirectionsHref(lat: number, lng: number): string {
  const [y, x] = [coordinate(lat), coordinate(lng)];
  return `${OSM}/directions?route=${encodeURIComponent(`;${y},${x}`)}#map=14/${y}/${x}`;
}

/**
 * A `geo:` URI (RFC 5870): a phone opens its map app at the place, which offers the way there. The `q` parameter
 * (understood by Android's and most map apps) puts a pin with the place's name there.
 */
export function geoHref(lat: number, lng: number, name: string): string {
  const [y, x] = [coordinate(lat), coordinate(lng)];
  const label = encodeURIComponent(name.replace(/[()]/g, " ").replace(/\s+/g, " ").trim());
  return `geo:${y},${x}?q=${y},${x}${label ? `(${label})` : ""}`;
}
