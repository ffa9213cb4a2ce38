import { useTranslation } from "~/lib/i18n/react";
import { MAP_COLORS } from "~/lib/map-config";
import { MARKER_TYPES } from "~/lib/taxonomy";
import { MarkerShape } from "./marker-shape";
import { MARKER_STYLES } from "./marker-style";

/** What the marker shapes and colours mean (shape and colour both differ, so colour is never the only cue). */
export function MapLegend({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <h2 className="text-sm font-semibold text-stone-800">{t("map.legend")}</h2>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm text-stone-800">
        {MARKER_TYPES.map((type) => (
          <li key={type} className="flex items-center gap-1.5">
            <svg width="18" height="18" viewBox="-9 -9 18 18" aria-hidden="true">
              <MarkerShape markerType={type} r={6.5} />
            </svg>
            {t(MARKER_STYLES[type].label)}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <svg width="18" height="18" viewBox="-9 -9 18 18" aria-hidden="true">
            <circle r={8} fill={MAP_COLORS.cluster} stroke={MAP_COLORS.clusterRing} strokeWidth={1.5} />
          </svg>
          {t("map.legendGroup")}
        </li>
      </ul>
    </div>
  );
}
