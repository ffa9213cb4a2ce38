/** The built-in basemap (Natural Earth land and borders as GeoJSON), served by the clusters endpoint. */
export const MAP_BASEMAP_URL = "/api/map/clusters?basemap=1";

/**
 * The map's palette, the one place its colours are set: the server-drawn SVGs and their outline images
 * (app/lib/basemap.server.ts), the legend, the mini map and MapLibre's offline style and markers.
 */
export const MAP_COLORS = {
  water: "#cfe3ef",
  land: "#eef3e6",
  coast: "#7f9a86",
  border: "#9aa98c",
  cluster: "#2f5927",
  clusterRing: "#ffffff",
  /** Boundaries of states and provinces, from MAP_DETAIL_MIN_ZOOM. */
  admin1: "#9c9784",
  /** Town names (over `land` or `water`, with a halo of `labelHalo`) and the dot at each town. */
  label: "#33302a",
  labelHalo: "#ffffff",
} as const;

/**
 * From this zoom the built-in map adds the boundaries of states and provinces and the names of towns (loaded then,
 * never for the world view), in MapLibre and in the server-drawn map.
 */
export const MAP_DETAIL_MIN_ZOOM = 5;
