import { type MouseEvent, useEffect, useId, useRef } from "react";
import { useRouteLoaderData } from "react-router";
import { localizeHref } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import { MAP_COLORS } from "~/lib/map-config";
import { BUILTIN_DETAIL_END_ZOOM, BUILTIN_MAX_ZOOM, fullMapHref, type MapSnapshot } from "~/lib/map-geometry";
import { HydrateApart } from "../hydrate-apart";
import { MapActivation } from "./map-activation";
import { MapCameraControls } from "./map-camera-controls";
import { MapInViewList } from "./map-in-view-list";
import { MapLegend } from "./map-legend";
import { MapSvg } from "./map-svg";
import type { MapController } from "./maplibre-map.client";
import { MapAnswer, MapAnswerPanel, NearMeButton, useNearMe } from "./near-me";
import { type Camera, useAddressFollowsView, useMapCamera } from "./use-map-camera";

const PAINT_MARK = "map:clusters-painted";

type Props = {
  snapshot: MapSnapshot;
  /** Active filters as a query string without "?" (same parameters as /locations). */
  filterQuery?: string;
  /** Tile style URL from site settings; empty uses the built-in offline basemap. */
  styleUrl?: string;
  /** Accessible name of the map. */
  label: string;
  /**
   * When MapLibre loads: "idle" (as soon as the browser is idle after first paint; for /map) or
   * "interaction" (when the visitor reaches for the map; for the home page, where it must not compete
   * with the rest of the page).
   */
  activation?: "idle" | "interaction";
  /** "full" fills the height given by the page; "inline" keeps a fixed 2:1 box. */
  variant?: "full" | "inline";
  /** Rendered above the legend in the side panel (the /map filters). */
  aside?: React.ReactNode;
  /**
   * The page's address follows the view (lat, lng and zoom in the query, replaced, never a new history entry), so
   * a view can be bookmarked and shared: for /map, whose address opens that view.
   */
  syncAddress?: boolean;
  /** The visitor is staff: where the built-in basemap ends, say what to configure for street maps. */
  staffHint?: boolean;
};

export function InteractiveMap({
  snapshot,
  filterQuery = "",
  styleUrl = "",
  label,
  activation = "idle",
  variant = "inline",
  aside,
  syncAddress = false,
  staffHint = false,
}: Props) {
  const id = useId();
  const nonce = useRouteLoaderData<{ nonce?: string }>("root")?.nonce;
  const { t, lang } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const { start, ready, failed, live, controllerRef, current, items, camera, maxZoom } = useMapCamera({
    snapshot,
    filterQuery,
    styleUrl,
    boxRef,
    canvasRef,
  });
  useAddressFollowsView({ enabled: syncAddress, current, snapshot, filterQuery, styleUrl });
  const near = useNearMe({ snapshot, filterQuery, styleUrl, ready, start, live, controllerRef, boxRef, panelRef });

  // The SVG's clusters were painted with the HTML; the inline script marks that moment, this is the fallback
  // for client-side navigations (where inline scripts do not run).
  useEffect(() => {
    if (performance.getEntriesByName(PAINT_MARK).length === 0) performance.mark(PAINT_MARK);
  }, []);

  const withMap = (event: MouseEvent, action: (c: MapController) => void) => {
    if (!live) return; // before MapLibre is ready the link navigates (works without JavaScript too)
    event.preventDefault();
    action(live);
  };

  const href = (cam: Camera) => localizeHref(fullMapHref(cam.lat, cam.lng, cam.zoom, filterQuery), lang);
  // The server-drawn map (before MapLibre, or without scripts) is always the built-in basemap.
  const linkMaxZoom = ready ? maxZoom : BUILTIN_MAX_ZOOM;
  // Past its data the built-in basemap is a plain colour: it says so, and tells staff what would show streets.
  const pastDetail = !(ready && styleUrl) && camera.zoom >= BUILTIN_DETAIL_END_ZOOM;
  const list = <MapInViewList id={id} items={items} href={href} withMap={withMap} />;
  const answer = <MapAnswer near={near} failed={failed} id={id} />;

  /** Past its data the built-in basemap says it has no streets (and tells staff what to configure). */
  const detailNote = pastDetail ? (
    <p
      className="pointer-events-none absolute inset-x-12 bottom-9 z-10 mx-auto w-fit max-w-[calc(100%-6rem)] rounded-md bg-white/95 px-3 py-1.5 text-center text-sm text-stone-800 shadow-sm"
      data-map-note=""
    >
      {t("map.noStreets")}
      {staffHint ? <span className="mt-0.5 block text-xs text-stone-700">{t("map.streetsForStaff")}</span> : null}
    </p>
  ) : null;

  const box = (
    <div
      ref={boxRef}
      className={
        variant === "full"
          ? "map-box @container/map relative h-[65vh] min-h-[320px] w-full overflow-hidden lg:h-full"
          : "map-box @container/map relative aspect-[2/1] w-full overflow-hidden rounded-xl border border-leaf-100"
      }
      style={{ background: MAP_COLORS.water }}
      data-map-box=""
      data-map-ready={ready ? "true" : "false"}
    >
      {/* First in the map, for the keyboard and screen readers: Near me and its answer come before the map's own
          links and controls (on screen they sit in its corner). */}
      <NearMeButton onClick={near.nearMe} />
      {variant === "full" ? <MapAnswerPanel near={near} failed={failed} id={id} panelRef={panelRef} /> : null}
      {ready ? null : (
        <MapSvg snapshot={snapshot} label={label} filterQuery={filterQuery} inline={variant !== "full"} />
      )}
      {ready ? null : (
        <script
          nonce={nonce}
          suppressHydrationWarning
          // A constant: marks the moment the server-drawn clusters are parsed (inline scripts run in order).
          dangerouslySetInnerHTML={{ __html: `performance.mark(${JSON.stringify(PAINT_MARK)})` }}
        />
      )}
      <section
        className="absolute inset-0"
        // Hidden (not merely transparent) while loading: a hidden canvas is not composited, so its first, costly
        // frame is not read back on the main thread (see gpuSettled in maplibre-map.client.ts).
        style={{ visibility: ready ? "visible" : "hidden" }}
        // Until it takes over, the loading map is out of the tab order and the accessibility tree.
        inert={!ready}
        aria-label={label}
        data-map-canvas=""
      >
        {/* MapLibre makes its container position: relative, so it gets an inner box of its own. */}
        <div ref={canvasRef} className="h-full w-full" />
      </section>
      <MapActivation activation={activation} start={start} boxRef={boxRef} />
      <MapCameraControls camera={camera} linkMaxZoom={linkMaxZoom} href={href} withMap={withMap} />
      {detailNote}
    </div>
  );

  if (variant === "full") {
    return (
      <div className="grid lg:h-[calc(100dvh-4.5rem)] lg:grid-cols-[minmax(0,1fr)_22rem]">
        <HydrateApart>{box}</HydrateApart>
        <aside
          aria-label={t("map.aside")}
          className="space-y-5 overflow-y-auto border-leaf-100 bg-white p-4 lg:border-l"
        >
          {aside ? <HydrateApart>{aside}</HydrateApart> : null}
          <HydrateApart>
            <MapLegend />
          </HydrateApart>
          <HydrateApart>{list}</HydrateApart>
        </aside>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {box}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <MapLegend />
        {answer}
      </div>
      <details className="rounded-lg border border-leaf-100 bg-white p-3">
        <summary className="cursor-pointer font-semibold text-leaf-800">{t("map.listSummary")}</summary>
        <div className="mt-2">{list}</div>
      </details>
    </div>
  );
}
