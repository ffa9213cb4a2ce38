/** The built-in basemap (Natural Earth land and borders as GeoJSON), served by the clusters endpoint. */
export const MAP_BASEMAP_URL = "/api/map/clusters?basemap=1";
