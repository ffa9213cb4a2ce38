import { MINI_MAP, miniMapCenter, project } from "~/lib/map-geometry";
import { populatedPlaces } from "./populated-places.server";

/** Room kept between a town and the frame's edge, in pixels (its name is drawn to the right of its dot). */
const MARGIN = 12;

/**
 * The zoom of a place page's mini map: the place's surroundings at town level. The closest zoom (up to
 * MINI_MAP.maxZoom) at which the town nearest to the place (GeoNames, 15,000 inhabitants or more) is in the frame, so
 * the map names where the place is; where no town is that close, MINI_MAP.minZoom, which shows the coast, borders and
 * regions around it. (At the old zoom 3 the mini map of a farm in Andalusia showed all of Iberia.)
 */
export function miniMapZoom(lat: number, lng: number): number {
  const places = populatedPlaces();
  const towns = places.within(lng, lat, 150, 1);
  const { width, height, minZoom, maxZoom } = MINI_MAP;
  for (let zoom = maxZoom; zoom > minZoom; zoom--) {
    const view = { center: miniMapCenter(lat, lng, zoom), zoom, width, height };
    const inFrame = (i: number) => {
      const [x, y] = project(view, places.lng(i), places.lat(i));
      return x >= MARGIN && x <= width - MARGIN && y >= MARGIN && y <= height - MARGIN;
    };
    if (towns.length > 0 && towns.every(inFrame)) return zoom;
  }
  return minZoom;
}
