import { type MouseEvent, startTransition, useCallback, useEffect, useId, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { type DistanceUnit, distanceUnitFor, formatDistance } from "~/lib/geo";
import { groupPlace } from "~/lib/group-place";
import { intlLocale, type Language, localizeHref } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import type { Translate } from "~/lib/i18n/translate";
import { MAP_COLORS } from "~/lib/map-config";
import {
  BUILTIN_DETAIL_END_ZOOM,
  BUILTIN_MAX_ZOOM,
  type ClusterTuple,
  clamp,
  countInView,
  fullMapHref,
  latToUnitY,
  lngToUnitX,
  MAX_ZOOM,
  type MapSnapshot,
  type PointTuple,
  SNAPSHOT_SIZE,
  unitXToLng,
  unitYToLat,
  worldSize,
  zoomForBox,
} from "~/lib/map-geometry";
import { formatFixed } from "~/lib/numbers";
import { locationPath, nameFromSlug } from "~/lib/slug";
import { HydrateApart } from "../hydrate-apart";
import { LocateFixed, Minus, MoveDown, MoveLeft, MoveRight, MoveUp, Plus, X } from "../icons";
import { useHydrated } from "../shell/use-hydrated";
import { MapLegend } from "./map-legend";
import { MapSvg } from "./map-svg";
import type { MapController, ViewUpdate } from "./maplibre-map.client";
import { markerStyle } from "./marker-style";

/** Zoom of the no-JavaScript map's view around the visitor, when MapLibre is not there to fit the nearest places. */
const NEAR_ME_ZOOM = 8;
/** The in-view list stays short enough to read; the summary still counts everything. */
const LIST_LIMIT = 150;
const PAINT_MARK = "map:clusters-painted";

type Camera = { lng: number; lat: number; zoom: number };

/** What MapLibre last showed, tied to the snapshot it started from. */
type LiveView = { snapshot: MapSnapshot; clusters: ClusterTuple[]; points: PointTuple[]; camera: Camera };

/** A camera moved by a fraction of the logical frame, for the no-JavaScript pan links. */
function panned(cam: Camera, fx: number, fy: number): Camera {
  const size = worldSize(cam.zoom);
  const x = lngToUnitX(cam.lng) + (fx * SNAPSHOT_SIZE.width) / size;
  const y = clamp(latToUnitY(cam.lat) + (fy * SNAPSHOT_SIZE.height) / size, 0.02, 0.98);
  const lng = ((((unitXToLng(x) + 180) % 360) + 360) % 360) - 180;
  return { lng, lat: clamp(unitYToLat(y), -85, 85), zoom: cam.zoom };
}

/** A group in the list, named by where it is ("12 locations in Kenya"), or by its centre when it has no name. */
function groupLabel([lng, lat, count, , , where]: ClusterTuple, t: Translate, lang: Language): string {
  const place =
    (where && groupPlace(where, t, lang)) ||
    t("map.around", {
      position: `${formatFixed(Math.abs(lat), 1, lang)}°${lat >= 0 ? "N" : "S"}${lang === "en" ? "," : ";"} ${formatFixed(Math.abs(lng), 1, lang)}°${lng >= 0 ? "E" : "W"}`,
    });
  return t("map.group", { count, where: place });
}

function geolocationMessage(err: GeolocationPositionError | null, t: Translate): string {
  if (!err) return t("map.geoUnsupported");
  if (err.code === err.PERMISSION_DENIED) return t("map.geoDenied");
  if (err.code === err.TIMEOUT) return t("map.geoTimeout");
  return t("map.geoUnavailable");
}

/** A place "Near me" found, as /api/map/nearest answers. */
type NearPlace = { slug: string; name: string; lat: number; lng: number; markerType: string; distanceKm: number };
/**
 * The visitor's position (or the town they typed, with its name) and the places nearest to it, nearest first. Each
 * answer is a new object: the map fits it in once.
 */
type Nearest = { origin: { lat: number; lng: number; label?: string }; places: NearPlace[]; unit: DistanceUnit };

/** What lies over the map's edges (the answer panel), in pixels, so the map fits the places in the rest. */
function coverOf(panel: HTMLElement | null, box: HTMLElement | null) {
  const none = { top: 0, right: 0, bottom: 0, left: 0 };
  if (!panel || !box) return none;
  const p = panel.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  // A panel across the map's width covers its top or bottom; a narrower one its left side.
  if (p.width > b.width * 0.6) {
    return p.top - b.top < b.bottom - p.bottom
      ? { ...none, top: p.bottom - b.top }
      : { ...none, bottom: b.bottom - p.top };
  }
  return { ...none, left: p.right - b.left };
}

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

/**
 * Starts MapLibre when the page is idle or when the visitor reaches for the map. Rendered inside the map box, so
 * its effect runs once that part is hydrated and the box is this page's element (see HydrateApart).
 */
function Activation({
  activation,
  start,
  boxRef,
}: {
  activation: "idle" | "interaction";
  start: () => void;
  boxRef: React.RefObject<HTMLDivElement | null>;
}) {
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let idleHandle: number | undefined;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let observer: IntersectionObserver | undefined;
    const events = ["pointerenter", "pointerdown", "focusin", "wheel", "touchstart"] as const;
    const onInteract = () => start();
    if (activation === "idle") {
      const whenIdle = () => {
        if ("requestIdleCallback" in window) idleHandle = window.requestIdleCallback(start, { timeout: 1500 });
        else timeout = setTimeout(start, 200);
      };
      // Only once the map nears the viewport, so a map far down a page costs nothing.
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer?.disconnect();
            whenIdle();
          }
        },
        { rootMargin: "300px" },
      );
      observer.observe(box);
    }
    for (const e of events) box.addEventListener(e, onInteract, { passive: true, once: true });
    // The map may hydrate after the page load (an island): a pointer or focus that reached it earlier still counts.
    if (activation === "interaction" && (box.matches(":hover") || box.contains(document.activeElement))) start();
    return () => {
      observer?.disconnect();
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
      clearTimeout(timeout);
      for (const e of events) box.removeEventListener(e, onInteract);
    };
  }, [activation, start, boxRef]);

  return null;
}

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
  const controllerRef = useRef<MapController | null>(null);
  /** Whether a link of the server-drawn map had the focus when MapLibre became ready. */
  const focusOnSvg = useRef(false);
  const [ready, setReady] = useState(false);
  const hydrated = useHydrated();
  const [failed, setFailed] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [nearest, setNearest] = useState<Nearest | null>(null);
  /** The position could not be had: the visitor is offered to type a place instead. */
  const [positionFailed, setPositionFailed] = useState(false);
  /** The answer the map last fitted in: each answer is fitted once, as soon as the map is ready. */
  const fitted = useRef<Nearest | null>(null);
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

  // The SVG's clusters were painted with the HTML; the inline script marks that moment, this is the fallback
  // for client-side navigations (where inline scripts do not run).
  useEffect(() => {
    if (performance.getEntriesByName(PAINT_MARK).length === 0) performance.mark(PAINT_MARK);
  }, []);

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
  // An answer of "Near me" is fitted in once the map is ready (at once when it is), around the panel that lists it.
  useEffect(() => {
    if (!ready || !nearest || fitted.current === nearest) return;
    fitted.current = nearest;
    controllerRef.current?.showNearest(nearest.origin, nearest.places, coverOf(panelRef.current, boxRef.current));
  }, [ready, nearest]);

  // The address follows the view once the visitor moves the map (replaced: Back still leaves the map), so the view can
  // be bookmarked or shared; opening that address draws the same view on the server.
  const initialCamera = useRef<Camera | null>(null);
  useEffect(() => {
    if (!syncAddress || !current) return;
    const cam = current.camera;
    initialCamera.current ??= cam;
    const first = initialCamera.current;
    if (first === cam) return;
    const next = localizeHref(fullMapHref(cam.lat, cam.lng, cam.zoom, filterQuery), lang);
    if (window.location.pathname + window.location.search !== next) {
      window.history.replaceState(window.history.state, "", next);
    }
  }, [syncAddress, current, filterQuery, lang]);

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
      // Found for other filters or another view: asked again when wanted.
      setNearest(null);
      fitted.current = null;
      initialCamera.current = null;
    };
  }, [snapshot, filterQuery, styleUrl]);

  const live = ready ? controllerRef.current : null;
  const withMap = (event: MouseEvent, action: (c: MapController) => void) => {
    if (!live) return; // before MapLibre is ready the link navigates (works without JavaScript too)
    event.preventDefault();
    action(live);
  };

  const showNearest = (found: Nearest) => {
    setNearest(found);
    // MapLibre may still be on its way (or wait for an interaction, as on the home page): start it; the places are
    // fitted in once it is ready (the effect above).
    if (!ready) start();
  };

  /** The places nearest to a town or place the visitor typed, on the map; a plain GET to /locations without scripts. */
  const findNear = async (event: React.FormEvent<HTMLFormElement>) => {
    const typed = String(new FormData(event.currentTarget).get("near") ?? "").trim();
    if (!typed) return;
    event.preventDefault();
    setNotice(t("map.findingNearest"));
    try {
      const query = `near=${encodeURIComponent(typed)}&lang=${lang}${filterQuery ? `&${filterQuery}` : ""}`;
      const res = await fetch(`/api/map/nearest?${query}`);
      if (res.status === 404) {
        setNearest(null);
        setNotice(t("map.unknownTown", { place: typed }));
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      const { origin, places } = (await res.json()) as { origin: Nearest["origin"]; places: NearPlace[] };
      if (places.length === 0) {
        setNearest(null);
        setNotice(t("map.noMatches"));
        return;
      }
      setPositionFailed(false);
      showNearest({ origin, places, unit: distanceUnitFor(navigator.language) });
      setNotice(t("map.nearestToShown", { place: origin.label ?? typed }));
    } catch {
      setNotice(t("map.nearestFailed"));
    }
  };

  const closeNearest = () => {
    setNearest(null);
    setNotice(null);
    setPositionFailed(false);
    boxRef.current?.querySelector<HTMLButtonElement>("[data-near-me]")?.focus();
  };

  const nearMe = () => {
    void import("~/lib/analytics.client").then((m) => m.trackInteraction({ category: "map", action: "near_me" }));
    setNotice(null);
    setPositionFailed(false);
    if (!("geolocation" in navigator)) {
      setNotice(geolocationMessage(null, t));
      setPositionFailed(true);
      return;
    }
    setNotice(t("map.findingPosition"));
    navigator.geolocation.getCurrentPosition(
      async (pos) => {
        const origin = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        setNotice(t("map.findingNearest"));
        try {
          const query = `lat=${origin.lat.toFixed(5)}&lng=${origin.lng.toFixed(5)}${filterQuery ? `&${filterQuery}` : ""}`;
          const res = await fetch(`/api/map/nearest?${query}`);
          if (!res.ok) throw new Error(String(res.status));
          const { places } = (await res.json()) as { places: NearPlace[] };
          if (places.length === 0) {
            setNearest(null);
            setNotice(t("map.noMatches"));
            return;
          }
          showNearest({ origin, places, unit: distanceUnitFor(navigator.language) });
          setNotice(t("map.nearestShown", { count: places.length }));
        } catch {
          setNotice(t("map.nearestFailed"));
          if (!live)
            window.location.assign(localizeHref(fullMapHref(origin.lat, origin.lng, NEAR_ME_ZOOM, filterQuery), lang));
        }
      },
      (err) => {
        setNotice(geolocationMessage(err, t));
        setPositionFailed(true);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const href = (cam: Camera) => localizeHref(fullMapHref(cam.lat, cam.lng, cam.zoom, filterQuery), lang);
  // The server-drawn map (before MapLibre, or without scripts) is always the built-in basemap.
  const linkMaxZoom = ready ? maxZoom : BUILTIN_MAX_ZOOM;
  const zoomIn = { ...camera, zoom: clamp(camera.zoom + 1, 0, linkMaxZoom) };
  const zoomOut = { ...camera, zoom: clamp(camera.zoom - 1, 0, linkMaxZoom) };
  const atMaxZoom = camera.zoom >= linkMaxZoom - 0.01;
  // Past its data the built-in basemap is a plain colour: it says so, and tells staff what would show streets.
  const pastDetail = !(ready && styleUrl) && camera.zoom >= BUILTIN_DETAIL_END_ZOOM;
  const total = countInView(items.clusters, items.points);
  const controlCls =
    "flex size-10 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-leaf-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700 map-small:size-8";

  const listEntries = [
    ...items.points.map((p) => ({ kind: "point" as const, p })),
    ...items.clusters.map((c) => ({ kind: "cluster" as const, c })),
  ];

  const list = (
    <div>
      <p id={`${id}-summary`} role="status" aria-live="polite" className="text-sm font-semibold text-stone-800">
        {t("map.inView", { count: total })}
      </p>
      {listEntries.length > 0 ? (
        <ul
          aria-labelledby={`${id}-summary`}
          // Below the fold of the side panel on load: its layout and paint wait until it is scrolled near.
          className="mt-2 space-y-1 text-sm [contain-intrinsic-size:auto_40rem] [content-visibility:auto]"
        >
          {listEntries.slice(0, LIST_LIMIT).map((entry) =>
            entry.kind === "point" ? (
              <li key={`p-${entry.p[2]}`}>
                <a
                  href={localizeHref(locationPath(entry.p[3] || nameFromSlug(entry.p[2])), lang)}
                  className="text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
                >
                  {entry.p[3]}
                </a>{" "}
                <span className="text-stone-600">({t(markerStyle(entry.p[4]).label)})</span>
              </li>
            ) : (
              <li key={`c-${entry.c[3]}`}>
                <a
                  href={href({ lng: entry.c[0], lat: entry.c[1], zoom: entry.c[4] })}
                  rel="nofollow"
                  onClick={(e) => withMap(e, (m) => m.zoomToCluster(entry.c[0], entry.c[1], entry.c[4]))}
                  className="text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
                >
                  {groupLabel(entry.c, t, lang)}
                </a>{" "}
                <span className="text-stone-600">{t("map.zoomInHint")}</span>
              </li>
            ),
          )}
          {listEntries.length > LIST_LIMIT ? (
            <li className="text-stone-600">{t("map.more", { count: listEntries.length - LIST_LIMIT })}</li>
          ) : null}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-stone-700">{t("map.noneHere")}</p>
      )}
    </div>
  );

  /** "Near me" on the map itself: a keyboard control in the map's corner, named in the page's language. */
  const nearMeControl = (
    <div className="absolute left-2 top-2 z-10 map-small:left-1.5 map-small:top-1.5">
      {/* Geolocation needs the page's scripts: the button is disabled until they run, and says why without them. */}
      <button
        type="button"
        onClick={nearMe}
        disabled={!hydrated}
        data-near-me=""
        className="inline-flex min-h-10 items-center gap-2 rounded-md border border-leaf-700 bg-white px-3 py-2 text-sm font-semibold text-leaf-800 shadow-sm hover:bg-leaf-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700 disabled:cursor-not-allowed disabled:border-stone-400 disabled:text-stone-600 disabled:hover:bg-white"
      >
        <LocateFixed aria-hidden="true" className="h-4 w-4" />
        {t("map.nearMe")}
      </button>
      <noscript>
        <p className="mt-1 max-w-56 rounded-md bg-white/95 px-2 py-1 text-sm text-stone-800 shadow-sm">
          {t("map.nearMeNoScript")}
        </p>
      </noscript>
    </div>
  );

  const answer = (
    <div className="space-y-1 text-sm">
      <p role="alert" className={notice ? "text-stone-800" : "sr-only"}>
        {notice ?? ""}
      </p>
      {positionFailed ? (
        // Typed instead of found: the nearest places to a town of the built-in list, on the map; without scripts the
        // form opens /locations, sorted by distance from that town.
        <form
          action={localizeHref("/locations", lang)}
          method="get"
          onSubmit={findNear}
          className="flex flex-wrap items-end gap-2"
        >
          <label className="flex min-w-0 flex-col gap-1 font-semibold text-stone-800">
            {t("map.townOrPlace")}
            <input
              type="text"
              name="near"
              required
              maxLength={200}
              autoComplete="address-level2"
              className="w-48 max-w-full rounded-md border border-stone-400 px-2 py-1.5 font-normal"
            />
          </label>
          <button
            type="submit"
            className="rounded-md bg-leaf-700 px-3 py-2 font-semibold text-white hover:bg-leaf-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700"
          >
            {t("map.findNear")}
          </button>
        </form>
      ) : null}
      {nearest ? (
        <section aria-labelledby={`${id}-nearest`}>
          <h2 id={`${id}-nearest`} className="mt-2 font-semibold text-stone-800">
            {t("map.nearestHeading")}
          </h2>
          <ol className="mt-1 space-y-1" data-nearest-list="">
            {nearest.places.map((p) => (
              <li key={p.slug}>
                <a
                  href={localizeHref(locationPath(p.name || nameFromSlug(p.slug)), lang)}
                  className="text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
                >
                  {p.name}
                </a>{" "}
                <span className="text-stone-600">{formatDistance(p.distanceKm, nearest.unit, intlLocale(lang))}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {failed ? <p className="text-stone-700">{t("map.notAvailable", { reason: failed })}</p> : null}
    </div>
  );

  const open = Boolean(notice || positionFailed || nearest || failed);
  /**
   * On the full map the answer lies over the map, where the places it names are shown (below the map on a phone, it
   * was out of view): a card in the corner under "Near me" on a wide map, across the bottom of a narrow one.
   */
  const answerPanel = (
    <div
      ref={panelRef}
      className={
        open
          ? "absolute inset-x-2 bottom-2 z-20 max-h-[45%] overflow-y-auto rounded-lg border border-stone-300 bg-white p-3 pr-10 shadow-lg @min-[40rem]/map:bottom-auto @min-[40rem]/map:right-auto @min-[40rem]/map:top-16 @min-[40rem]/map:max-h-[calc(100%-5rem)] @min-[40rem]/map:w-80"
          : "sr-only"
      }
      data-map-answer=""
    >
      {open ? (
        <button
          type="button"
          onClick={closeNearest}
          aria-label={t("map.closeNearest")}
          className="absolute right-1.5 top-1.5 flex size-8 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-leaf-700"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
      {answer}
    </div>
  );

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
      {nearMeControl}
      {variant === "full" ? answerPanel : null}
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
      <Activation activation={activation} start={start} boxRef={boxRef} />
      <nav
        aria-label={t("map.controls")}
        className="absolute right-2 top-2 z-10 flex flex-col gap-1 map-small:right-1.5 map-small:top-1.5 map-small:flex-row"
      >
        <a
          href={href(zoomIn)}
          rel="nofollow"
          onClick={(e) => (atMaxZoom ? e.preventDefault() : withMap(e, (m) => m.zoomIn()))}
          className={`${controlCls} aria-disabled:cursor-not-allowed aria-disabled:text-stone-400`}
          aria-label={t("map.zoomIn")}
          aria-disabled={atMaxZoom || undefined}
        >
          <Plus aria-hidden="true" className="h-5 w-5" />
        </a>
        <a
          href={href(zoomOut)}
          rel="nofollow"
          onClick={(e) => withMap(e, (m) => m.zoomOut())}
          className={controlCls}
          aria-label={t("map.zoomOut")}
        >
          <Minus aria-hidden="true" className="h-5 w-5" />
        </a>
      </nav>
      {/* On a small map the arrows show only while the keyboard is in the map: a mouse drags the map and a finger
          swipes it, and the arrows would cover most of it. Transparent and click-through rather than hidden, so they
          stay in the tab order: hidden, they would stop being focusable the moment focus left the element before
          them. */}
      <nav
        aria-label={t("map.pan")}
        className="absolute bottom-2 left-2 z-10 grid grid-cols-3 gap-1 map-small:bottom-1.5 map-small:left-1.5 map-small:map-idle:pointer-events-none map-small:map-idle:opacity-0"
      >
        <span />
        <a
          href={href(panned(camera, 0, -0.33))}
          rel="nofollow"
          onClick={(e) => withMap(e, (m) => m.panBy(0, -0.33))}
          className={controlCls}
          aria-label={t("map.panNorth")}
        >
          <MoveUp aria-hidden="true" className="h-4 w-4" />
        </a>
        <span />
        <a
          href={href(panned(camera, -0.33, 0))}
          rel="nofollow"
          onClick={(e) => withMap(e, (m) => m.panBy(-0.33, 0))}
          className={controlCls}
          aria-label={t("map.panWest")}
        >
          <MoveLeft aria-hidden="true" className="h-4 w-4" />
        </a>
        <span />
        <a
          href={href(panned(camera, 0.33, 0))}
          rel="nofollow"
          onClick={(e) => withMap(e, (m) => m.panBy(0.33, 0))}
          className={controlCls}
          aria-label={t("map.panEast")}
        >
          <MoveRight aria-hidden="true" className="h-4 w-4" />
        </a>
        <span />
        <a
          href={href(panned(camera, 0, 0.33))}
          rel="nofollow"
          onClick={(e) => withMap(e, (m) => m.panBy(0, 0.33))}
          className={controlCls}
          aria-label={t("map.panSouth")}
        >
          <MoveDown aria-hidden="true" className="h-4 w-4" />
        </a>
        <span />
      </nav>
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
