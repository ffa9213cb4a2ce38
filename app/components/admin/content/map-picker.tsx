import type { MouseEvent } from "react";
import { useTranslation } from "~/lib/i18n/react";

/**
 * A light coordinate picker: clicking the world map (equirectangular, 360x180) fills latitude and longitude.
 * The number inputs beside it stay the accessible way to set coordinates, so the drawing itself is decorative.
 */
export function MapPicker({
  outline,
  latitude,
  longitude,
  onPick,
}: {
  outline: string;
  latitude: number | null;
  longitude: number | null;
  onPick: (lat: number, lng: number) => void;
}) {
  const { t } = useTranslation();
  function handleClick(event: MouseEvent<SVGSVGElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const lng = ((event.clientX - box.left) / box.width) * 360 - 180;
    const lat = 90 - ((event.clientY - box.top) / box.height) * 180;
    onPick(round(clamp(lat, -90, 90)), round(clamp(lng, -180, 180)));
  }
  const hasPoint = latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude);
  return (
    <div>
      <svg
        viewBox="0 0 360 180"
        className="w-full max-w-xl cursor-crosshair rounded-md border border-stone-300 bg-sky-50"
        aria-hidden="true"
        data-testid="map-picker"
        onClick={handleClick}
      >
        <path d={outline} fill="#c2dfb5" stroke="#4d8a3c" strokeWidth="0.3" />
        {hasPoint ? (
          <g transform={`translate(${(longitude as number) + 180} ${90 - (latitude as number)})`}>
            <circle r="3" fill="#b91c1c" stroke="#fff" strokeWidth="0.8" />
          </g>
        ) : null}
      </svg>
      <p className="mt-1 text-sm text-stone-600">{t("formCommon.mapPickerHint")}</p>
    </div>
  );
}

function clamp(v: number, min: number, max: number) {
  return Math.min(max, Math.max(min, v));
}
function round(v: number) {
  return Math.round(v * 10_000) / 10_000;
}
