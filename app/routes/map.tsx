import { data } from "react-router";
import { canPreviewEntries } from "~/services/entries/entry-preview.server";
import { loadMapPage } from "~/services/map/map-page.server";
import { InteractiveMap } from "../components/map/interactive-map";
import { useMapStyleUrl } from "../components/map/use-map-style-url";
import { LocationFilters } from "../components/public/location-filters";
import { SuggestPlaceLink } from "../components/public/suggest-place-link";
import { useTranslation } from "../lib/i18n/react";
import { messagePageMetaFor } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { requestTranslate } from "../server-lib/messages.server";
import type { Route } from "./+types/map";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = requestTranslate(request);
  const [page, staff] = await Promise.all([
    loadMapPage(context.services, new URL(request.url).searchParams, lang),
    // Staff are told, where the built-in map ends, what would show streets: their page is their own.
    canPreviewEntries(context.services, request),
  ]);
  return staff ? data({ ...page, staff }, { headers: { "Cache-Control": "private, no-store" } }) : { ...page, staff };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta = messagePageMetaFor({ title: "map.title", description: "map.description", path: "/map" });

export default function MapPage({ loaderData }: Route.ComponentProps) {
  const { snapshot, values } = loaderData;
  const filtered = Object.values(values).some(Boolean);
  const { t } = useTranslation();
  const count = snapshot.total;
  return (
    <main id="main">
      <InteractiveMap
        snapshot={snapshot}
        filterQuery={loaderData.filterQuery}
        styleUrl={useMapStyleUrl()}
        variant="full"
        activation="idle"
        syncAddress
        staffHint={loaderData.staff}
        label={filtered ? t("map.labelMatching", { count }) : t("map.label", { count })}
        aside={
          <>
            <div>
              <h1 className="text-2xl font-bold text-leaf-900">{t("map.title")}</h1>
              <p className="mt-1 text-sm text-stone-700">
                {filtered ? t("map.totalMatching", { count }) : t("map.total", { count })}
              </p>
              <SuggestPlaceLink label={t("map.suggestPlace")} className="mt-1 text-sm" />
            </div>
            <LocationFilters
              variant="map"
              hasFilters={filtered}
              values={values}
              regions={loaderData.regions}
              subRegions={loaderData.subRegions}
              focusAreas={loaderData.focusAreas}
              countries={loaderData.countries}
              counts={loaderData.counts}
            />
          </>
        }
      />
    </main>
  );
}
