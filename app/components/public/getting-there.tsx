import { geoHref, osmDirectionsHref } from "~/lib/directions";
import { useTranslation } from "~/lib/i18n/react";
import { MapPin, Navigation } from "../icons";
import { EntrySection } from "./entry-sections";
import { ShareLink } from "./share-link";

const linkCls =
  "inline-flex min-h-11 items-center gap-2 font-semibold text-leaf-800 underline underline-offset-2 hover:text-leaf-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700";

/**
 * How to get to a place: a route to it on OpenStreetMap, the phone's own map app (a `geo:` link), and sharing the
 * page. Plain links: they work before and without JavaScript. The place page loads this module as an island (after
 * the page, once the browser is idle), so none of it is in the page's first JavaScript.
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
    <EntrySection id="getting-there" title={t("location.gettingThere")}>
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
    </EntrySection>
  );
}
