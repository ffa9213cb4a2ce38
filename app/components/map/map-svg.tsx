import { preload } from "react-dom";
import { localizeHref } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import { MAP_COLORS } from "~/lib/map-config";
import { clusterRadius, fullMapHref, type MapSnapshot, project } from "~/lib/map-geometry";
import { locationPath, nameFromSlug } from "~/lib/slug";
import { clusterCountMarkup } from "./count-glyphs";
import { MarkerShape } from "./marker-shape";
import { markerStyle } from "./marker-style";

/** In an inline map narrower than 60 rem (960 px) the drawn markers are too small to tap: see below. */
const SMALL_MAP_NO_POINTER = "@max-[60rem]/map:pointer-events-none";

/**
 * The map's first paint (docs/decisions/010-map-first-frame.md): the view's clusters and places drawn by the server over the
 * country outlines, as plain SVG in the HTML. Readable and clickable before any JavaScript runs: a
 * cluster links to the full map zoomed in on it, a place links to its page. The outlines are an image of
 * their own (cached by the browser, preloaded from the head), so their bytes are neither in the HTML nor in
 * the hydration data; the water is painted at once and the land appears over it, with no layout change.
 *
 * In the inline map (a 2:1 box, the home page's) the drawing is scaled to the box's width, so on a phone its shapes
 * shrink with it (a place 4 px, a group 11-15 px at 360 px), far under WCAG 2.5.8's 24 px: narrower than 60 rem the
 * pointer passes through them to the map, whose first touch starts the interactive map with markers of 24 px and
 * more; keyboard users still tab through the links. The full map fills the window's height too, which keeps its
 * drawing near full size (the sides are cut instead), so its markers keep the pointer.
 */
export function MapSvg({
  snapshot,
  label,
  filterQuery = "",
  inline = false,
}: {
  snapshot: MapSnapshot;
  label: string;
  /** The inline map: a box of fixed shape whose drawing follows its width (see above). */
  inline?: boolean;
  /** The page's filters (region=Europe&...), kept by the cluster links so zooming in keeps the filtered view. */
  filterQuery?: string;
}) {
  const { view } = snapshot;
  const { t, lang } = useTranslation();
  // React puts this in the document's head: the fetch starts before the parser reaches the map.
  preload(snapshot.outline, { as: "image", fetchPriority: "high" });
  return (
    <svg
      viewBox={`0 0 ${view.width} ${view.height}`}
      preserveAspectRatio="xMidYMid slice"
      className="absolute inset-0 h-full w-full select-none"
      aria-label={label}
      data-map-svg=""
    >
      <rect width={view.width} height={view.height} fill={MAP_COLORS.water} />
      {/* Decorative: the clusters and places carry the map's content. */}
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG image is not focusable (it has no link). */}
      <image
        href={snapshot.outline}
        width={view.width}
        height={view.height}
        preserveAspectRatio="none"
        aria-hidden="true"
        data-map-outline=""
      />
      {snapshot.points.map(([lng, lat, slug, name, markerType]) => {
        const [x, y] = project(view, lng, lat);
        return (
          <a
            key={`p-${slug}`}
            href={localizeHref(locationPath(name || nameFromSlug(slug)), lang)}
            aria-label={t("map.placeKind", { name, kind: t(markerStyle(markerType).label) })}
            className={inline ? SMALL_MAP_NO_POINTER : undefined}
          >
            <MarkerShape markerType={markerType} x={x} y={y} r={7} />
          </a>
        );
      })}
      {snapshot.clusters.map(([lng, lat, count, id, expansion]) => {
        const [x, y] = project(view, lng, lat);
        const r = clusterRadius(count);
        return (
          <a
            key={`c-${id}`}
            href={localizeHref(fullMapHref(lat, lng, expansion, filterQuery), lang)}
            // Crawlers: every map position is a page of its own; the places themselves are in the sitemap.
            rel="nofollow"
            aria-label={t("map.cluster", { count })}
            className={inline ? SMALL_MAP_NO_POINTER : undefined}
          >
            <circle cx={x} cy={y} r={r + 4} fill={MAP_COLORS.cluster} fillOpacity={0.25} />
            <circle cx={x} cy={y} r={r} fill={MAP_COLORS.cluster} stroke={MAP_COLORS.clusterRing} strokeWidth={2} />
            {/* The count, stroked (count-glyphs.ts): no text layout in the first frame. The link names it. */}
            <g dangerouslySetInnerHTML={{ __html: clusterCountMarkup(count, r, x, y, lang) }} />
          </a>
        );
      })}
    </svg>
  );
}
