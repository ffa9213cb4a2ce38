import { clusterRadius, formatCount, fullMapHref, type MapSnapshot, project } from "../../lib/map-geometry";
import { locationPath, nameFromSlug } from "../../lib/slug";
import { MarkerShape } from "./marker-shape";
import { markerStyle } from "./marker-style";

export const MAP_COLORS = {
  water: "#cfe3ef",
  land: "#eef3e6",
  coast: "#7f9a86",
  border: "#9aa98c",
  cluster: "#2f5927",
  clusterRing: "#ffffff",
} as const;

/**
 * The map's first paint (ARCHITECTURE.md): the view's clusters and places drawn by the server over the
 * country outlines, as plain SVG in the HTML. Readable and clickable before any JavaScript runs: a
 * cluster links to the full map zoomed in on it, a place links to its page.
 */
export function MapSvg({ snapshot, label }: { snapshot: MapSnapshot; label: string }) {
  const { view } = snapshot;
  return (
    <svg
      viewBox={`0 0 ${view.width} ${view.height}`}
      preserveAspectRatio="xMidYMid slice"
      className="absolute inset-0 h-full w-full select-none"
      aria-label={label}
      data-map-svg=""
    >
      <rect width={view.width} height={view.height} fill={MAP_COLORS.water} />
      <path
        d={snapshot.land}
        fill={MAP_COLORS.land}
        stroke={MAP_COLORS.coast}
        strokeWidth={0.75}
        strokeLinejoin="round"
      />
      <path d={snapshot.borders} fill="none" stroke={MAP_COLORS.border} strokeWidth={0.6} strokeLinejoin="round" />
      {snapshot.points.map(([lng, lat, slug, name, markerType]) => {
        const [x, y] = project(view, lng, lat);
        return (
          <a
            key={`p-${slug}`}
            href={locationPath(name || nameFromSlug(slug))}
            aria-label={`${name} (${markerStyle(markerType).label})`}
          >
            <MarkerShape markerType={markerType} x={x} y={y} r={7} />
          </a>
        );
      })}
      {snapshot.clusters.map(([lng, lat, count, id, expansion]) => {
        const [x, y] = project(view, lng, lat);
        const r = clusterRadius(count);
        return (
          <a key={`c-${id}`} href={fullMapHref(lat, lng, expansion)} aria-label={`${count} locations here; zoom in`}>
            <circle cx={x} cy={y} r={r + 4} fill={MAP_COLORS.cluster} fillOpacity={0.25} />
            <circle cx={x} cy={y} r={r} fill={MAP_COLORS.cluster} stroke={MAP_COLORS.clusterRing} strokeWidth={2} />
            <text
              x={x}
              y={y}
              dy="0.35em"
              textAnchor="middle"
              fill="#ffffff"
              fontSize={r > 20 ? 13 : 12}
              fontWeight={700}
            >
              {formatCount(count)}
            </text>
          </a>
        );
      })}
    </svg>
  );
}
