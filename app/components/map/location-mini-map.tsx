import { fullMapHref, MINI_MAP, miniMapCenter, project } from "../../lib/map-geometry";
import { MarkerShape } from "./marker-shape";
import { markerStyle } from "./marker-style";

/** Zoom the "open in the full map" link uses: close enough to see the neighbourhood's clusters. */
const FULL_MAP_ZOOM = 8;

/**
 * A small map of one place: country outlines around it (an SVG drawn and cached by the server, so the
 * outline data never enters the page's JavaScript) with the place's marker on top. Fixed aspect ratio,
 * so it never shifts the layout; readable without JavaScript.
 */
export function LocationMiniMap({
  latitude,
  longitude,
  name,
  markerType,
}: {
  latitude: number | null;
  longitude: number | null;
  name: string;
  markerType?: string;
}) {
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    return null;
  }
  const { width, height, zoom } = MINI_MAP;
  const center = miniMapCenter(latitude, longitude);
  const view = { center, zoom, width, height };
  const [x, y] = project(view, longitude, latitude);
  const basemap = `/api/map/clusters?basemap=svg&lat=${center.lat}&lng=${center.lng}&zoom=${zoom}&width=${width}&height=${height}`;
  const label = `Map showing ${name} at ${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
  const style = markerStyle(markerType);
  return (
    <figure className="overflow-hidden rounded-lg border border-leaf-100 bg-white">
      <div className="relative w-full" style={{ aspectRatio: `${width} / ${height}` }}>
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${width} ${height}`}
          className="absolute inset-0 h-full w-full"
          preserveAspectRatio="xMidYMid slice"
        >
          <title>{label}</title>
          <rect width={width} height={height} fill="#cfe3ef" />
          <image href={basemap} x={0} y={0} width={width} height={height} />
          <circle cx={x} cy={y} r={16} fill={style.color} fillOpacity={0.18} />
          <MarkerShape markerType={markerType} x={x} y={y} r={8} />
        </svg>
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm text-stone-700">
        <span>{style.label}</span>
        <a
          href={fullMapHref(latitude, longitude, FULL_MAP_ZOOM)}
          className="font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700"
        >
          Open in the full map
        </a>
      </figcaption>
    </figure>
  );
}
