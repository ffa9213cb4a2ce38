import { localizeHref } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import { MAP_COLORS } from "~/lib/map-config";
import { fullMapHref, MINI_MAP, miniMapCenter, outlineHref, project } from "~/lib/map-geometry";
import { formatFixed } from "~/lib/numbers";
import { MarkerShape } from "./marker-shape";
import { markerStyle } from "./marker-style";

/**
 * How much closer the "open in the full map" link goes than the mini map: the full map's frame is about three times
 * as wide, so one step closer shows about the same surroundings.
 */
const FULL_MAP_STEP = 1;

/**
 * A small map of one place: country outlines around it (the same outline image the big maps use, drawn and
 * cached by the server, so the outline data never enters the page's JavaScript) over the water, with the
 * place's marker on top. Fixed aspect ratio, so it never shifts the layout; readable without JavaScript.
 */
export function LocationMiniMap({
  latitude,
  longitude,
  name,
  markerType,
  basemapVersion = "",
  zoom = MINI_MAP.zoom,
}: {
  latitude: number | null;
  longitude: number | null;
  name: string;
  markerType?: string;
  /**
   * The server's basemapVersion(), when the page's loader passes it: the image URL then never changes for a
   * drawing and is cached for good. Without it the image is still the current drawing, cached for an hour.
   */
  basemapVersion?: string;
  /** The place's surroundings at town level (the server's miniMapZoom); MINI_MAP.zoom when not given. */
  zoom?: number;
}) {
  const { t, lang } = useTranslation();
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    return null;
  }
  const { width, height } = MINI_MAP;
  const center = miniMapCenter(latitude, longitude, zoom);
  const view = { center, zoom, width, height };
  const [x, y] = project(view, longitude, latitude);
  const outline = outlineHref(view, basemapVersion);
  const label = t("map.miniLabel", {
    name,
    position: `${formatFixed(latitude, 4, lang)}${lang === "en" ? "," : ";"} ${formatFixed(longitude, 4, lang)}`,
  });
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
          <rect width={width} height={height} fill={MAP_COLORS.water} />
          <image href={outline} x={0} y={0} width={width} height={height} preserveAspectRatio="none" />
          <circle cx={x} cy={y} r={16} fill={style.color} fillOpacity={0.18} />
          <MarkerShape markerType={markerType} x={x} y={y} r={8} />
        </svg>
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm text-stone-700">
        <span>{t(style.label)}</span>
        <a
          href={localizeHref(fullMapHref(latitude, longitude, zoom + FULL_MAP_STEP), lang)}
          className="font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700"
        >
          {t("map.openFull")}
        </a>
      </figcaption>
    </figure>
  );
}
