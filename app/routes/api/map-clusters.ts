/** Clusters for a map viewport; delivered by the map work. */
export function loader() {
  return Response.json({ type: "FeatureCollection", features: [] });
}
