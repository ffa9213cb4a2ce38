/**
 * Links that take a visitor to a place: routing on OpenStreetMap, the phone's own map app, the place on a map. Built
 * from the place's coordinates (its address only when it has none), so they work wherever the address is vague.
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

/** The place on OpenStreetMap's map, marked, at street level. */
export function osmMapHref(lat: number, lng: number): string {
  const [y, x] = [coordinate(lat), coordinate(lng)];
  return `${OSM}/?mlat=${y}&mlon=${x}#map=17/${y}/${x}`;
}

/** OpenStreetMap's search for an address (for a place without coordinates). */
export function osmSearchHref(address: string): string {
  return `${OSM}/search?query=${encodeURIComponent(address)}`;
}
