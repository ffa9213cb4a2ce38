import type { MouseEvent } from "react";
import { groupPlace } from "~/lib/group-place";
import { type Language, localizeHref } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import type { Translate } from "~/lib/i18n/translate";
import { type ClusterTuple, countInView, type PointTuple } from "~/lib/map-geometry";
import { formatFixed } from "~/lib/numbers";
import { locationPath, nameFromSlug } from "~/lib/slug";
import type { MapController } from "./maplibre-map.client";
import { markerStyle } from "./marker-style";
import type { Camera } from "./use-map-camera";

/** The in-view list stays short enough to read; the summary still counts everything. */
const LIST_LIMIT = 150;

/** A group in the list, named by where it is ("12 locations in Kenya"), or by its centre when it has no name. */
function groupLabel([lng, lat, count, , , where]: ClusterTuple, t: Translate, lang: Language): string {
  const place =
    (where && groupPlace(where, t, lang)) ||
    t("map.around", {
      position: `${formatFixed(Math.abs(lat), 1, lang)}°${lat >= 0 ? "N" : "S"}${lang === "en" ? "," : ";"} ${formatFixed(Math.abs(lng), 1, lang)}°${lng >= 0 ? "E" : "W"}`,
    });
  return t("map.group", { count, where: place });
}

/**
 * What is in view, as a list: the count (announced as the map moves), each place linked to its page and each group to
 * the view that opens it (zoomed in on the running map).
 */
export function MapInViewList({
  id,
  items,
  href,
  withMap,
}: {
  id: string;
  items: { clusters: ClusterTuple[]; points: PointTuple[] };
  href: (cam: Camera) => string;
  withMap: (event: MouseEvent, action: (c: MapController) => void) => void;
}) {
  const { t, lang } = useTranslation();
  const total = countInView(items.clusters, items.points);
  const listEntries = [
    ...items.points.map((p) => ({ kind: "point" as const, p })),
    ...items.clusters.map((c) => ({ kind: "cluster" as const, c })),
  ];

  return (
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
}
