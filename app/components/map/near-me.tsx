import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { type DistanceUnit, distanceUnitFor, formatDistance } from "~/lib/geo";
import { intlLocale, localizeHref } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import type { Translate } from "~/lib/i18n/translate";
import { fullMapHref, type MapSnapshot } from "~/lib/map-geometry";
import { locationPath, nameFromSlug } from "~/lib/slug";
import { LocateFixed, X } from "../icons";
import { useHydrated } from "../shell/use-hydrated";
import type { MapController } from "./maplibre-map.client";

/** Zoom of the no-JavaScript map's view around the visitor, when MapLibre is not there to fit the nearest places. */
const NEAR_ME_ZOOM = 8;

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

/**
 * "Near me": the visitor's position (or, when it cannot be had, a town they type) and the places nearest to it, fitted
 * in on the map once it is ready (MapLibre is started for it if it is not), around the panel that lists them. An
 * answer belongs to the map's snapshot, filters and style: a new map asks again when wanted.
 */
export function useNearMe({
  snapshot,
  filterQuery,
  styleUrl,
  ready,
  start,
  live,
  controllerRef,
  boxRef,
  panelRef,
}: {
  snapshot: MapSnapshot;
  filterQuery: string;
  styleUrl: string;
  ready: boolean;
  start: () => void;
  live: MapController | null;
  controllerRef: RefObject<MapController | null>;
  boxRef: RefObject<HTMLDivElement | null>;
  panelRef: RefObject<HTMLDivElement | null>;
}) {
  const { t, lang } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  const [nearest, setNearest] = useState<Nearest | null>(null);
  /** The position could not be had: the visitor is offered to type a place instead. */
  const [positionFailed, setPositionFailed] = useState(false);
  /** The answer the map last fitted in: each answer is fitted once, as soon as the map is ready. */
  const fitted = useRef<Nearest | null>(null);

  // An answer of "Near me" is fitted in once the map is ready (at once when it is), around the panel that lists it.
  useEffect(() => {
    if (!ready || !nearest || fitted.current === nearest) return;
    fitted.current = nearest;
    controllerRef.current?.showNearest(nearest.origin, nearest.places, coverOf(panelRef.current, boxRef.current));
  }, [ready, nearest]);

  // Found for other filters or another view: asked again when wanted.
  useEffect(() => {
    return () => {
      setNearest(null);
      fitted.current = null;
    };
  }, [snapshot, filterQuery, styleUrl]);

  const showNearest = (found: Nearest) => {
    setNearest(found);
    // MapLibre may still be on its way (or wait for an interaction, as on the home page): start it; the places are
    // fitted in once it is ready (the effect above).
    if (!ready) start();
  };

  /** The places nearest to a town or place the visitor typed, on the map; a plain GET to /locations without scripts. */
  const findNear = async (event: FormEvent<HTMLFormElement>) => {
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

  return { notice, nearest, positionFailed, findNear, closeNearest, nearMe };
}

type NearMe = ReturnType<typeof useNearMe>;

/** "Near me" on the map itself: a keyboard control in the map's corner, named in the page's language. */
export function NearMeButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <div className="absolute left-2 top-2 z-10 map-small:left-1.5 map-small:top-1.5">
      {/* Geolocation needs the page's scripts: the button is disabled until they run, and says why without them. */}
      <button
        type="button"
        onClick={onClick}
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
}

/** What the map has to say: Near me's notice, the town form, the nearest places, or why the map is not available. */
export function MapAnswer({ near, failed, id }: { near: NearMe; failed: string | null; id: string }) {
  const { t, lang } = useTranslation();
  const { notice, positionFailed, nearest, findNear } = near;
  return (
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
}

/**
 * On the full map the answer lies over the map, where the places it names are shown (below the map on a phone, it
 * was out of view): a card in the corner under "Near me" on a wide map, across the bottom of a narrow one.
 */
export function MapAnswerPanel({
  near,
  failed,
  id,
  panelRef,
}: {
  near: NearMe;
  failed: string | null;
  id: string;
  panelRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const open = Boolean(near.notice || near.positionFailed || near.nearest || failed);
  return (
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
          onClick={near.closeNearest}
          aria-label={t("map.closeNearest")}
          className="absolute right-1.5 top-1.5 flex size-8 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-leaf-700"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
      <MapAnswer near={near} failed={failed} id={id} />
    </div>
  );
}
