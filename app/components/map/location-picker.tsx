import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import type { PickerMap } from "./picker-map.client";

/** A point to show close up (a town found by name); a new `seq` asks again. */
export type PickerFlight = { lat: number; lng: number; seq: number };

const TOWN_ZOOM = 11;

/**
 * The location picker (decision 058): a disclosure that, opened, loads a map (its code and data only then) with a
 * pin to put on the exact spot, zoomed in as far as the map goes (a town's streets, not one pixel for 107 km as the
 * old world drawing). The latitude and longitude fields beside it stay the way to type a position, and the map only
 * ever fills them in. Without JavaScript the disclosure says so (and that the search and fields do the work).
 */
export function LocationPicker({
  latitude,
  longitude,
  onPick,
  flight,
  styleUrl = "",
}: {
  latitude: string;
  longitude: string;
  onPick: (lat: number, lng: number) => void;
  flight?: PickerFlight | null;
  styleUrl?: string;
}) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const controller = useRef<PickerMap | null>(null);
  const pending = useRef<PickerFlight | null>(null);
  const [state, setState] = useState<"closed" | "loading" | "ready" | "failed">("closed");
  const [said, setSaid] = useState("");
  // False in the server's HTML and until this component runs in the browser: without JavaScript it stays false.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const pick = useRef(onPick);
  pick.current = onPick;
  const point = parsePoint(latitude, longitude);
  const current = useRef(point);
  current.current = point;

  const announce = (lat: number, lng: number) =>
    setSaid(t("formCommon.picker.placed", { latitude: lat.toFixed(5), longitude: lng.toFixed(5) }));

  function open() {
    if (controller.current || state === "loading" || !box.current) return;
    setState("loading");
    const container = box.current;
    import("./picker-map.client")
      .then(({ createPickerMap }) =>
        createPickerMap({
          container,
          point: current.current,
          styleUrl,
          texts: {
            mapLabel: t("formCommon.picker.mapLabel"),
            pin: t("formCommon.picker.pin"),
          },
          onPick: (lat, lng) => {
            pick.current(lat, lng);
            announce(lat, lng);
          },
        }),
      )
      .then((map) => {
        controller.current = map;
        setState("ready");
        const flyTo = pending.current;
        pending.current = null;
        if (flyTo) map.flyTo(flyTo.lat, flyTo.lng, TOWN_ZOOM);
      })
      .catch(() => setState("failed"));
  }

  // Typed coordinates move the pin.
  useEffect(() => {
    if (point) controller.current?.setPin(point.lat, point.lng);
  }, [point?.lat, point?.lng]);

  // A town found by name: the picker opens there, close enough to see the town's streets or fields.
  useEffect(() => {
    if (!flight) return;
    if (controller.current) controller.current.flyTo(flight.lat, flight.lng, TOWN_ZOOM);
    else {
      pending.current = flight;
      if (details.current && !details.current.open) details.current.open = true;
      else open();
    }
  }, [flight?.seq]);

  useEffect(() => () => controller.current?.destroy(), []);

  return (
    <details
      ref={details}
      className="rounded-md border border-stone-300 bg-white"
      onToggle={(e) => {
        if (e.currentTarget.open) open();
      }}
    >
      <summary className="cursor-pointer px-3 py-2 font-semibold text-leaf-800">{t("formCommon.picker.open")}</summary>
      <div className="space-y-2 px-3 pb-3">
        <p className="text-sm text-stone-700">{t("formCommon.picker.help")}</p>
        {/* Not a <noscript>: a browser that only blocks scripts (an extension, a browser setting) still parses that
            as text, and would say nothing. */}
        {scripted ? null : <p className="text-sm text-stone-800">{t("formCommon.picker.noScript")}</p>}
        <div className="relative">
          <div
            ref={box}
            data-testid="map-picker"
            className="h-72 w-full overflow-hidden rounded-md bg-sky-50 sm:h-96"
          />
          {state === "ready" ? (
            // Where "put the pin in the middle" puts it, for those who move the map with the keyboard.
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-1/2 h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-stone-900/70"
            />
          ) : null}
        </div>
        {state === "loading" ? <p className="text-sm text-stone-700">{t("formCommon.picker.loading")}</p> : null}
        {state === "failed" ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {t("formCommon.picker.failed")}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={state !== "ready"}
            onClick={() => {
              const at = controller.current?.pinCentre();
              if (!at) return;
              pick.current(at.lat, at.lng);
              announce(at.lat, at.lng);
            }}
            className="rounded-md border border-leaf-700 px-4 py-2 font-semibold text-leaf-800 hover:bg-leaf-50 disabled:opacity-60"
          >
            {t("formCommon.picker.pinCentre")}
          </button>
          {/* MapLibre's own zoom buttons need its stylesheet; these are the site's, beside the map's + and − keys. */}
          {(
            [
              ["zoomIn", "formCommon.picker.zoomIn"],
              ["zoomOut", "formCommon.picker.zoomOut"],
            ] as const
          ).map(([zoom, label]) => (
            <button
              key={zoom}
              type="button"
              disabled={state !== "ready"}
              onClick={() => controller.current?.[zoom]()}
              className="rounded-md border border-stone-400 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50 disabled:opacity-60"
            >
              {t(label)}
            </button>
          ))}
        </div>
        <p aria-live="polite" className="text-sm text-stone-700">
          {said}
        </p>
      </div>
    </details>
  );
}

function parsePoint(latitude: string, longitude: string): { lat: number; lng: number } | null {
  if (latitude.trim() === "" || longitude.trim() === "") return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
