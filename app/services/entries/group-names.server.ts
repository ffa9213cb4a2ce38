import { type GroupWhere, groupAroundTown, groupInCountries } from "~/lib/group-place";
import type { PopulatedPlaces } from "../map/populated-places.server";

/**
 * Names for the map's groups of places (clusters) that a person knows: "in Kenya", "in Kenya and Tanzania",
 * "around Adelaide, Australia". The map's accessible list reads "12 places in Kenya" instead of coordinates. The
 * server says where (country codes, a town; see `GroupWhere`); the page words it in its language (`groupPlace`).
 *
 * Where a group is comes from the populated places (GeoNames): a position's country is that of the nearest
 * populated place, so every group is named the same way whatever its members' own country fields say (free text).
 */

/** From this zoom on a group is small enough to be named after the town it is around. */
export const AROUND_ZOOM = 6;
/** How many parts of a large group are looked at for its countries (each a sub-group or a single place). */
export const GROUP_SAMPLES = 12;
/** A position further than this from any populated place has no country here (the open sea, Antarctica). */
const COUNTRY_REACH_KM = 400;
/** supercluster's radius and extent (map-index.worker.ts): a group spans about this many pixels of a 512 tile. */
const GROUP_RADIUS_PX = 60;
const GROUP_EXTENT_PX = 512;
const EARTH_CIRCUMFERENCE_KM = 40_075;

/** One part of a group: its centre and how many places it holds. */
export type GroupSample = { lng: number; lat: number; weight: number };

/** What a cluster index offers for sampling a group (supercluster's getChildren, reduced to what is read). */
export type GroupTree = {
  getChildren(clusterId: number): { geometry: { coordinates: number[] }; properties: unknown }[];
};

function clusterOf(properties: unknown): { id: number; count: number } | null {
  if (properties && typeof properties === "object" && "cluster_id" in properties && "point_count" in properties) {
    const p = properties as { cluster_id: number; point_count: number };
    return { id: p.cluster_id, count: p.point_count };
  }
  return null;
}

/**
 * The parts of a group, at most about `limit`: the largest sub-group is opened (its children replace it) until there
 * are enough parts or only single places are left. Each part keeps its size, so a country's share is weighted.
 */
export function sampleGroup(tree: GroupTree, clusterId: number, count: number, limit = GROUP_SAMPLES): GroupSample[] {
  const done: GroupSample[] = [];
  const open: { id: number; count: number; lng: number; lat: number }[] = [{ id: clusterId, count, lng: 0, lat: 0 }];
  while (open.length > 0 && done.length + open.length < limit) {
    open.sort((a, b) => b.count - a.count);
    const next = open.shift() as (typeof open)[number];
    for (const child of tree.getChildren(next.id)) {
      const [lng = 0, lat = 0] = child.geometry.coordinates;
      const sub = clusterOf(child.properties);
      if (sub) open.push({ ...sub, lng, lat });
      else done.push({ lng, lat, weight: 1 });
    }
  }
  // The group itself is never a part of its own (its centre is not known here): only opened sub-groups remain.
  for (const rest of open) if (rest.id !== clusterId) done.push({ lng: rest.lng, lat: rest.lat, weight: rest.count });
  return done;
}

/** About how far (km) a group reaches from its centre at a zoom: supercluster's radius at that latitude. */
export function groupReachKm(zoom: number, lat: number): number {
  const fraction = GROUP_RADIUS_PX / (GROUP_EXTENT_PX * 2 ** Math.max(0, Math.floor(zoom)));
  return fraction * EARTH_CIRCUMFERENCE_KM * Math.cos((Math.min(85, Math.abs(lat)) * Math.PI) / 180);
}

/** A first, cheap search radius: most positions with places on them have a town this close. */
const COUNTRY_NEAR_KM = 40;

/** The country code of a position (that of the nearest populated place), or "" far from any. */
export function countryAt(places: PopulatedPlaces, lng: number, lat: number): string {
  let i = places.nearest(lng, lat, COUNTRY_NEAR_KM);
  if (i < 0) i = places.nearest(lng, lat, COUNTRY_REACH_KM);
  return i < 0 ? "" : places.countryCode(i);
}

/**
 * The town a group near (lng, lat) at this zoom is "around": the most populous place within its reach (at least
 * 15 km, so a suburb's group is named after its city), else the nearest within three times that; -1 for none.
 */
export function townAround(places: PopulatedPlaces, lng: number, lat: number, zoom: number): number {
  const reach = Math.max(15, groupReachKm(zoom, lat));
  // The file is ordered most populous first: the first place within reach is the largest town.
  const dLat = reach / 111;
  const dLng = Math.min(180, reach / (111 * Math.max(0.05, Math.cos((lat * Math.PI) / 180))));
  for (const i of places.inBox(lng - dLng, lat - dLat, lng + dLng, lat + dLat)) {
    if (places.distanceKm(i, lng, lat) <= reach) return i;
  }
  return places.nearest(lng, lat, reach * 3);
}

/**
 * Where a group is: the town it is around ("@AU:Adelaide", worded "around Adelaide, Australia") from AROUND_ZOOM on
 * (when a town is near), else the countries of its parts ("KE", "KE,TZ", "FR,DE,+": "in Kenya", "in Kenya and
 * Tanzania", "in France, Germany and other countries"), largest share first. "" when nothing is near enough to name
 * it (the page then says where in degrees).
 */
export function describeGroup(
  places: PopulatedPlaces,
  centre: { lng: number; lat: number },
  samples: GroupSample[],
  zoom: number,
): GroupWhere {
  if (zoom >= AROUND_ZOOM) {
    const town = townAround(places, centre.lng, centre.lat, zoom);
    if (town >= 0) return groupAroundTown(places.name(town), places.countryCode(town));
  }
  const weights = new Map<string, number>();
  for (const s of samples.length > 0 ? samples : [{ ...centre, weight: 1 }]) {
    const code = countryAt(places, s.lng, s.lat);
    if (code) weights.set(code, (weights.get(code) ?? 0) + s.weight);
  }
  const ranked = [...weights.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
  return groupInCountries(ranked);
}
