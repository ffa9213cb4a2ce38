import { geoHref, osmDirectionsHref } from "~/lib/directions";
import { useTranslation } from "~/lib/i18n/react";
import { AppLink } from "../app-link";
import { MapPin, Navigation } from "../icons";
import { island } from "../island";
import { markerStyle } from "../map/marker-style";

/** The share link's code (the Web Share API and the clipboard) loads after the page, as an island: a few hundred bytes. */
const ShareLink = island(() => import("./share-link").then((m) => m.ShareLink));

const linkCls =
  "inline-flex min-h-11 items-center gap-2 font-semibold text-leaf-800 underline underline-offset-2 hover:text-leaf-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700";

/**
 * How to get to a place: a route to it on OpenStreetMap, the phone's own map app (a `geo:` link), and sharing the
 * page. Plain links: they work before and without JavaScript.
 */
export function GettingThere({
  latitude,
  longitude,
  name,
  url,
}: {
  latitude: number | null;
  longitude: number | null;
  name: string;
  /** The page's own address, absolute (what is shared). */
  url: string;
}) {
  const { t } = useTranslation();
  const located = latitude !== null && longitude !== null;
  return (
    <section aria-labelledby="getting-there-heading">
      <h2 id="getting-there-heading" className="text-xl font-semibold text-leaf-900">
        {t("location.gettingThere")}
      </h2>
      <ul className="mt-2 space-y-1">
        {located ? (
          <>
            <li>
              <a href={osmDirectionsHref(latitude, longitude)} className={linkCls} data-analytics="location:directions">
                <Navigation aria-hidden="true" className="h-5 w-5 shrink-0" />
                {t("location.directions")}
              </a>
            </li>
            <li>
              <a href={geoHref(latitude, longitude, name)} className={linkCls} data-analytics="location:map-app">
                <MapPin aria-hidden="true" className="h-5 w-5 shrink-0" />
                {t("location.openInMapApp")}
              </a>
            </li>
          </>
        ) : null}
        <li>
          <ShareLink url={url} title={name} className={linkCls} />
        </li>
      </ul>
    </section>
  );
}

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
    <section aria-labelledby="nearby-heading">
      <h2 id="nearby-heading" className="text-xl font-semibold text-leaf-900">
        {t("location.nearby")}
      </h2>
      <ol className="mt-3 space-y-3">
        {places.map((p) => (
          <li key={p.slug} className="text-sm">
            <AppLink
              to={p.path}
              className="font-semibold text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
              lang={p.nameLang ?? undefined}
            >
              {p.name}
            </AppLink>
            <span className="block text-stone-700">
              {t("location.nearbyDistance", { distance: p.distance })} · {t(markerStyle(p.markerType).label)}
              {p.where ? ` · ${p.where}` : ""}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
