import { type RefObject, startTransition, useCallback, useEffect, useRef, useState } from "react";
import { localizeHref } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import {
  BUILTIN_MAX_ZOOM,
  type ClusterTuple,
  clamp,
  fullMapHref,
  MAX_ZOOM,
  type MapSnapshot,
  type PointTuple,
  zoomForBox,
} from "~/lib/map-geometry";
import type { MapController, ViewUpdate } from "./maplibre-map.client";

export type Camera = { lng: number; lat: number; zoom: number };

/** What MapLibre last showed, tied to the snapshot it started from. */
type LiveView = { snapshot: MapSnapshot; clusters: ClusterTuple[]; points: PointTuple[]; camera: Camera };

/**
 * The interactive map's camera: MapLibre's controller (loaded by `start`, in its own tasks), whether it is ready or
 * failed, and what is in view (the snapshot's view until MapLibre reports its own). The map instance belongs to the
 * snapshot, its filters and style: a new one (navigation) starts over.
 */
export function useMapCamera({
  snapshot,
  filterQuery,
  styleUrl,
  boxRef,
  canvasRef,
}: {
  snapshot: MapSnapshot;
  filterQuery: string;
  styleUrl: string;
  boxRef: RefObject<HTMLDivElement | null>;
  canvasRef: RefObject<HTMLDivElement | null>;
}) {
  const { t, lang } = useTranslation();
  const controllerRef = useRef<MapController | null>(null);
  /** Whether a link of the server-drawn map had the focus when MapLibre became ready. */
  const focusOnSvg = useRef(false);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  /** The built-in basemap has no streets: it stops at BUILTIN_MAX_ZOOM; a style goes as far as its tiles. */
  const maxZoom = styleUrl ? MAX_ZOOM : BUILTIN_MAX_ZOOM;
  // What MapLibre reports once it runs; until then, and as soon as a navigation brings a new snapshot, the
  // snapshot itself is what is shown (derived here, so a new snapshot never shows the old view for a render).
  const [liveView, setLiveView] = useState<LiveView | null>(null);
  const current = liveView?.snapshot === snapshot ? liveView : null;
  const items = current ?? snapshot;
  const camera: Camera = current?.camera ?? {
    lng: snapshot.view.center.lng,
    lat: snapshot.view.center.lat,
    zoom: snapshot.view.zoom,
  };

  const start = useCallback(() => {
    if (controllerRef.current || !canvasRef.current || !boxRef.current) return;
    const container = canvasRef.current;
    const box = boxRef.current;
    // Mark as started at once so repeated triggers do not load twice.
    const placeholder: MapController = {
      zoomIn() {},
      zoomOut() {},
      panBy() {},
      flyTo() {},
      zoomToCluster() {},
      showNearest() {},
      destroy() {},
    };
    controllerRef.current = placeholder;
    // Each step (loading and evaluating MapLibre's module, creating the map) runs in tasks of its own.
    import("./maplibre-map.client")
      .then(async ({ createMapController, nextTask }) => {
        await nextTask();
        // The page moved on (new filters or position) while the chunk loaded: that start is void.
        if (controllerRef.current !== placeholder || !container.isConnected) return;
        const zoom = zoomForBox(snapshot.view.zoom, box.clientWidth, box.clientHeight);
        const scaleZoom = zoom - snapshot.view.zoom;
        const controller = await createMapController({
          container,
          center: snapshot.view.center,
          zoom,
          maxZoom,
          fit: snapshot.fit,
          styleUrl,
          filterQuery,
          lang,
          t,
          // A transition: the list and the pan links re-render in slices, never in one long task after a move.
          onView: (update: ViewUpdate) =>
            startTransition(() =>
              setLiveView({
                snapshot,
                clusters: update.clusters,
                points: update.points,
                camera: {
                  lng: update.center.lng,
                  lat: update.center.lat,
                  zoom: clamp(update.zoom - scaleZoom, 0, MAX_ZOOM),
                },
              }),
            ),
          onReady: () => {
            focusOnSvg.current = Boolean(box.querySelector("[data-map-svg]")?.contains(document.activeElement));
            setReady(true);
          },
          onError: (message) => setFailed(message),
        });
        if (controllerRef.current === placeholder && container.isConnected) controllerRef.current = controller;
        else controller.destroy();
      })
      .catch(() => {
        if (controllerRef.current === placeholder) controllerRef.current = null;
        setFailed(t("map.loadFailed"));
      });
  }, [snapshot, styleUrl, filterQuery, lang, t, maxZoom]);

  // MapLibre replaces the server-drawn map, whose links go with it: a keyboard user on one of them (their focus
  // is what started MapLibre on the home page) keeps the focus in the map, on MapLibre's canvas, instead of
  // losing it to the page.
  useEffect(() => {
    if (!ready || !focusOnSvg.current) return;
    focusOnSvg.current = false;
    canvasRef.current?.querySelector<HTMLElement>("canvas")?.focus();
  }, [ready]);

  // The map instance belongs to this snapshot; a new one (navigation) starts over.
  useEffect(() => {
    return () => {
      controllerRef.current?.destroy();
      controllerRef.current = null;
      setReady(false);
      setFailed(null);
    };
  }, [snapshot, filterQuery, styleUrl]);

  /** The running map, once ready: until then links and buttons do what they do without scripts. */
  const live = ready ? controllerRef.current : null;
  return { start, ready, failed, live, controllerRef, current, items, camera, maxZoom };
}

/**
 * The page's address follows the view once the visitor moves the map (replaced: Back still leaves the map), so the
 * view can be bookmarked or shared; opening that address draws the same view on the server.
 */
export function useAddressFollowsView({
  enabled,
  current,
  snapshot,
  filterQuery,
  styleUrl,
}: {
  enabled: boolean;
  current: { camera: Camera } | null;
  snapshot: MapSnapshot;
  filterQuery: string;
  styleUrl: string;
}) {
  const { lang } = useTranslation();
  const initialCamera = useRef<Camera | null>(null);
  useEffect(() => {
    if (!enabled || !current) return;
    const cam = current.camera;
    initialCamera.current ??= cam;
    const first = initialCamera.current;
    if (first === cam) return;
    const next = localizeHref(fullMapHref(cam.lat, cam.lng, cam.zoom, filterQuery), lang);
    if (window.location.pathname + window.location.search !== next) {
      window.history.replaceState(window.history.state, "", next);
    }
  }, [enabled, current, filterQuery, lang]);
  // A new map (navigation) starts from its own first view.
  useEffect(() => {
    return () => {
      initialCamera.current = null;
    };
  }, [snapshot, filterQuery, styleUrl]);
}
