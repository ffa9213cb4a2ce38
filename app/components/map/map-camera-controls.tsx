import type { MouseEvent } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { clamp, latToUnitY, lngToUnitX, SNAPSHOT_SIZE, unitXToLng, unitYToLat, worldSize } from "~/lib/map-geometry";
import { Minus, MoveDown, MoveLeft, MoveRight, MoveUp, Plus } from "../icons";
import type { MapController } from "./maplibre-map.client";
import type { Camera } from "./use-map-camera";

/** A camera moved by a fraction of the logical frame, for the no-JavaScript pan links. */
function panned(cam: Camera, fx: number, fy: number): Camera {
  const size = worldSize(cam.zoom);
  const x = lngToUnitX(cam.lng) + (fx * SNAPSHOT_SIZE.width) / size;
  const y = clamp(latToUnitY(cam.lat) + (fy * SNAPSHOT_SIZE.height) / size, 0.02, 0.98);
  const lng = ((((unitXToLng(x) + 180) % 360) + 360) % 360) - 180;
  return { lng, lat: clamp(unitYToLat(y), -85, 85), zoom: cam.zoom };
}

/** The pan arrows in a 3 × 3 grid (north, west, east, south), the empty cells between them. */
const PAN_CELLS = [
  null,
  { fx: 0, fy: -0.33, label: "map.panNorth", Icon: MoveUp },
  null,
  { fx: -0.33, fy: 0, label: "map.panWest", Icon: MoveLeft },
  null,
  { fx: 0.33, fy: 0, label: "map.panEast", Icon: MoveRight },
  null,
  { fx: 0, fy: 0.33, label: "map.panSouth", Icon: MoveDown },
  null,
] as const;

const controlCls =
  "flex size-10 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-leaf-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700 map-small:size-8";

/**
 * The map's zoom and pan controls: links to the view they open (server-drawn, they work without scripts), which move
 * the running map instead once it is ready.
 */
export function MapCameraControls({
  camera,
  linkMaxZoom,
  href,
  withMap,
}: {
  camera: Camera;
  /** The highest zoom a link may open. */
  linkMaxZoom: number;
  href: (cam: Camera) => string;
  withMap: (event: MouseEvent, action: (c: MapController) => void) => void;
}) {
  const { t } = useTranslation();
  const zoomIn = { ...camera, zoom: clamp(camera.zoom + 1, 0, linkMaxZoom) };
  const zoomOut = { ...camera, zoom: clamp(camera.zoom - 1, 0, linkMaxZoom) };
  const atMaxZoom = camera.zoom >= linkMaxZoom - 0.01;
  return (
    <>
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
        {PAN_CELLS.map((cell, i) =>
          cell ? (
            <a
              key={cell.label}
              href={href(panned(camera, cell.fx, cell.fy))}
              rel="nofollow"
              onClick={(e) => withMap(e, (m) => m.panBy(cell.fx, cell.fy))}
              className={controlCls}
              aria-label={t(cell.label)}
            >
              <cell.Icon aria-hidden="true" className="h-4 w-4" />
            </a>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the grid's empty cells never move
            <span key={i} />
          ),
        )}
      </nav>
    </>
  );
}
