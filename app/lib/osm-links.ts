/** Links to a place on OpenStreetMap's map, from its coordinates, or a search for its address when it has none. */

const OSM = "https://www.openstreetmap.org";

/** Coordinates as written in these links: five decimals (about a metre), a point as the decimal mark. */
function coordinate(value: number): string {
  return String(Math.round(value * 1e5) / 1e5);
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
