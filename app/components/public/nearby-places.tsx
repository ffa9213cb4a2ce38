import { useTranslation } from "~/lib/i18n/react";
import { markerStyle } from "../map/marker-style";
import { EntryLink } from "./entry-link";
import { EntrySection } from "./entry-sections";

export type NearbyPlace = {
  slug: string;
  name: string;
  nameLang: string | null;
  path: string;
  where: string;
  markerType: string;
  distance: string;
};

/** The published places nearest to this one, with how far each is (the list of "Near me", server-rendered). */
export function NearbyPlaces({ places }: { places: NearbyPlace[] }) {
  const { t } = useTranslation();
  if (places.length === 0) return null;
  return (
    <EntrySection id="nearby" title={t("location.nearby")}>
      <ol className="mt-3 space-y-3">
        {places.map((p) => (
          <li key={p.slug} className="text-sm">
            <EntryLink
              to={p.path}
              entry={p}
              className="font-semibold text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
            />
            <span className="block text-stone-700">
              {t("location.nearbyDistance", { distance: p.distance })} · {t(markerStyle(p.markerType).label)}
              {p.where ? ` · ${p.where}` : ""}
            </span>
          </li>
        ))}
      </ol>
    </EntrySection>
  );
}
