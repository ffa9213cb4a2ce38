import { locationFacetCounts, searchLocations } from "~/services/entries/reads.server";
import { resolvePlace } from "~/services/map/distance.server";
import { loadReferenceNames } from "~/services/site/reference.server";
import { AppLink } from "../components/app-link";
import { HydrateApart } from "../components/hydrate-apart";
import { MapPin, SlidersHorizontal } from "../components/icons";
import { EntryLink } from "../components/public/entry-link";
import { LocationFilters } from "../components/public/location-filters";
import { EmptyState, ListNotice, PageIntro } from "../components/public/page-intro";
import { Pagination } from "../components/public/pagination";
import { ResponsivePicture } from "../components/public/picture";
import { ShownInNote } from "../components/public/shown-in-note";
import { SuggestPlaceLink } from "../components/public/suggest-place-link";
import { LOCATIONS_PAGE_SIZE } from "../lib/constants";
import { facetCountsForForm, locationFilterForm, parseLocationQuery, resolveLocationFilters } from "../lib/filters";
import { formatDistance } from "../lib/geo";
import { entryForPage } from "../lib/i18n/entry-translations";
import { intlLocale, type Language } from "../lib/i18n/languages";
import { Trans, useTranslation } from "../lib/i18n/react";
import type { Translate } from "../lib/i18n/translate";
import { metaTranslate, pageMeta } from "../lib/meta";
import { formatCount, formatInteger } from "../lib/numbers";
import { publicPageHeaders } from "../lib/public-cache";
import { toQueryString } from "../lib/query-string";
import { countryChoices, countryLabel } from "../lib/reference-names";
import { locationPath } from "../lib/slug";
import { requestTranslate } from "../server-lib/messages.server";
import { getLocationCountries, getLocationTotal } from "../services/map/location-countries.server";
import type { Route } from "./+types/locations";

/** Cards hydrated together: a part of the list small enough to hydrate in a short task. */
const CARDS_PER_PART = 6;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Cards above the fold load eagerly; the rest wait until they scroll near. */
const EAGER_CARDS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const url = new URL(request.url);
  const query = parseLocationQuery(url.searchParams);
  const { t, lang: language } = requestTranslate(request);
  const [ref, countries] = await Promise.all([
    loadReferenceNames(context.services, language),
    getLocationCountries(context.services),
  ]);
  // Nearest first from the visitor's position, or from a place the directory knows.
  const place =
    query.lat !== undefined && query.lng !== undefined
      ? { lat: query.lat, lng: query.lng, label: t("locations.yourPosition") }
      : query.near
        ? await resolvePlace(context.services, query.near, language)
        : null;
  const filters = {
    ...resolveLocationFilters(query, ref),
    near: place ?? undefined,
    withinKm: place ? query.within : undefined,
  };
  const [{ rows, total, capped }, facets] = await Promise.all([
    searchLocations(
      db,
      filters,
      { limit: LOCATIONS_PAGE_SIZE, offset: (query.page - 1) * LOCATIONS_PAGE_SIZE, capped: true },
      getLocationTotal(context.services, filters),
    ),
    // With words, each choice says how many results it would give.
    filters.q ? locationFacetCounts(db, filters) : null,
  ]);
  const region = filters.regionId ? ref.regionsById.get(filters.regionId) : undefined;
  const form = locationFilterForm(filters, ref, countries);
  return {
    siteUrl: config.siteUrl,
    applied: {
      ...form.values,
      near: query.near,
      lat: place && !query.near ? query.lat : undefined,
      lng: place && !query.near ? query.lng : undefined,
      within: query.within,
    },
    nearLabel: place?.label ?? null,
    unknownPlace: query.near && !place ? query.near : null,
    ignored: query.ignored.length > 0 || (query.subRegion !== undefined && !filters.subRegionId),
    page: query.page,
    total,
    capped,
    totalPages: Math.max(1, Math.ceil(total / LOCATIONS_PAGE_SIZE)),
    region: region
      ? {
          key: region.key,
          name: region.name,
          description: region.description,
          // Staff write a region's description in the site's own language (English); other pages show it as it is,
          // marked with its language and a note.
          descriptionLang: region.description && language !== "en" ? ("en" as const) : null,
        }
      : null,
    subRegionName: filters.subRegionId ? ref.subRegionsById.get(filters.subRegionId)?.name : undefined,
    focusName: filters.focusAreaId ? ref.focusAreasById.get(filters.focusAreaId)?.name : undefined,
    regions: form.regions,
    subRegions: form.subRegions,
    focusAreas: form.focusAreas,
    countries: countryChoices(form.countries, language),
    countryName: filters.country ? countryLabel(filters.country, language) : undefined,
    counts: facets ? facetCountsForForm(facets, ref) : null,
    locations: rows.map((r) => {
      const shown = entryForPage("location", r, language);
      return {
        id: r.id,
        name: shown.text.name,
        nameLang: shown.lang.name,
        path: locationPath(r.name),
        summary: shown.text.shortDescription,
        summaryLang: shown.lang.shortDescription,
        city: r.contactCity,
        distance: r.distanceKm === null ? null : formatDistance(r.distanceKm, "km", intlLocale(language)),
        country: countryLabel(r.country, language),
        region: (r.regionId ? ref.regionsById.get(r.regionId)?.name : undefined) ?? r.regionName,
        subRegion: r.subRegionId ? ref.subRegionsById.get(r.subRegionId)?.name : undefined,
        focus: r.focusAreas
          .map((id) => ref.focusAreasById.get(id)?.name ?? "")
          .filter((n) => n.trim() !== "")
          .slice(0, 4),
        webp: r.webpImageUrl,
        image: r.originalImageUrl,
        width: r.imageWidth ?? 960,
        height: r.imageHeight ?? 600,
      };
    }),
  };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

function heading(t: Translate, d: { region: { key: string; name: string } | null; subRegionName?: string }) {
  if (d.subRegionName) return t("locations.titleIn", { place: d.subRegionName });
  if (d.region) return t("locations.titleIn", { place: d.region.name });
  return t("locations.title");
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  if (!loaderData) return [{ title: `${t("locations.title")} | Permaculture Network` }];
  const { applied, page, totalPages, siteUrl } = loaderData;
  const qs = (p: number) => `/locations${toQueryString({ ...applied, page: p })}`;
  const tags: Record<string, string>[] = pageMeta({
    matches,
    title: page > 1 ? t("locations.titlePage", { title: heading(t, loaderData), page }) : heading(t, loaderData),
    description: loaderData.region
      ? t("locations.descriptionIn", { region: loaderData.region.name })
      : t("locations.description"),
    siteUrl,
    path: qs(page),
  });
  if (page > 1) tags.push({ tagName: "link", rel: "prev", href: `${siteUrl}${qs(page - 1)}` });
  if (page < totalPages) tags.push({ tagName: "link", rel: "next", href: `${siteUrl}${qs(page + 1)}` });
  return tags;
}

/** The line above the list: how many locations, which of them are shown, and for which filters. */
function resultLine(
  t: Translate,
  lang: Language,
  d: { total: number; capped: boolean; locations: unknown[] },
  first: number,
  shownTo: number,
): string {
  if (d.total === 0) return t("locations.noneFound");
  const total = formatCount(d.total, d.capped, lang);
  if (d.locations.length === 0) return t("locations.total", { count: d.total, total });
  return t("locations.showing", {
    count: d.total,
    total,
    from: first,
    to: shownTo,
  });
}

export default function Locations({ loaderData: d }: Route.ComponentProps) {
  const { t, lang } = useTranslation();
  const hasFilters = Object.values(d.applied).some(Boolean);
  // What the folded filters' button counts: each field in use (a position counts once, as "Nearest to" does).
  const { lat: _lat, lng: _lng, ...fields } = d.applied;
  const activeFilters =
    Object.values(fields).filter(Boolean).length + (d.applied.lat !== undefined && !d.applied.near ? 1 : 0);
  const first = (d.page - 1) * LOCATIONS_PAGE_SIZE + 1;
  const shownTo = first + d.locations.length - 1;
  const active = [
    d.region?.name,
    d.subRegionName,
    d.focusName,
    d.countryName,
    d.applied.q ? t("locations.quoted", { text: d.applied.q }) : undefined,
  ].filter(Boolean);

  return (
    <main id="main">
      <PageIntro
        title={heading(t, d)}
        lead={d.region?.description || t("locations.lead")}
        leadLang={d.region?.description ? d.region.descriptionLang : null}
        leadNote={<ShownInNote note={d.region?.descriptionLang ?? null} className="mb-1 text-stone-700" />}
      >
        <SuggestPlaceLink
          lead={t("locations.missingPlace")}
          label={t("locations.suggestPlace")}
          className="mt-3 text-stone-700"
        />
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-8">
        {/* On a phone or tablet the filters fold behind one button, so the first results are on the first screen
            (they took more than a screen at 360 px); a <details> opens without JavaScript. From lg up the form is
            always shown: the browser's own content box of a closed <details> is made visible and the button hidden,
            where the browser knows that box (::details-content); one that does not keeps the button. */}
        <details
          className="group/filters supports-[selector(::details-content)]:lg:[&::details-content]:[content-visibility:visible]"
          data-analytics-open="locations:filters"
        >
          <summary className="flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-md border border-leaf-700 bg-white px-4 py-2 font-semibold text-leaf-800 hover:bg-leaf-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700 group-open/filters:mb-4 supports-[selector(::details-content)]:lg:hidden">
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
            {activeFilters > 0
              ? t("filters.folded", { n: formatInteger(activeFilters, lang) })
              : t("filters.foldedNone")}
          </summary>
          {/* Hydrated with the page, not apart: a region chosen the moment the page is live must narrow the
              sub-regions at once. */}
          <LocationFilters
            values={d.applied}
            regions={d.regions}
            subRegions={d.subRegions}
            focusAreas={d.focusAreas}
            countries={d.countries}
            hasFilters={hasFilters}
            counts={d.counts}
          />
        </details>
        {d.unknownPlace ? (
          <ListNotice status>{t("locations.unknownPlace", { place: d.unknownPlace })}</ListNotice>
        ) : null}
        {d.ignored ? <ListNotice>{t("locations.ignored")}</ListNotice> : null}

        <section aria-labelledby="results-heading" className="mt-8">
          <h2 id="results-heading" className="sr-only">
            {t("locations.results")}
          </h2>
          <p className="text-stone-700" aria-live="polite">
            {resultLine(t, lang, d, first, shownTo)}
            {active.length > 0 ? t("locations.forFilters", { filters: active.join(", ") }) : ""}
          </p>

          {d.locations.length === 0 ? (
            <div className="mt-6">
              {d.total > 0 ? (
                <EmptyState title={t("locations.noPage", { page: d.page })}>
                  <AppLink
                    to={`/locations${toQueryString({ ...d.applied })}`}
                    className="font-semibold text-leaf-800 underline"
                  >
                    {t("locations.firstPage")}
                  </AppLink>
                </EmptyState>
              ) : (
                <EmptyState title={t("locations.emptyTitle")}>
                  <p>{t("locations.emptyHint")}</p>
                  <p className="mt-3">
                    <Trans
                      i18nKey="locations.emptyActions"
                      components={{
                        clear: <AppLink to="/locations" className="font-semibold text-leaf-800 underline" />,
                        map: <AppLink to="/map" className="font-semibold text-leaf-800 underline" />,
                      }}
                    />
                  </p>
                </EmptyState>
              )}
            </div>
          ) : (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {chunks(d.locations, CARDS_PER_PART).map((chunk, c) => (
                // Each few cards hydrate in a task of their own (the list was one long task on a phone).
                <HydrateApart key={chunk[0]?.id ?? c}>
                  {chunk.map((l, j) => {
                    const i = c * CARDS_PER_PART + j;
                    return (
                      <li
                        key={l.id}
                        // Cards below the first screen: their style and layout wait until they come near the viewport
                        // (while the page is parsed, every card's layout was redone several times on a phone).
                        className={
                          i < EAGER_CARDS
                            ? undefined
                            : "[contain-intrinsic-height:auto_28rem] [content-visibility:auto]"
                        }
                      >
                        <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-leaf-100 bg-white shadow-sm transition hover:shadow-md">
                          <ResponsivePicture
                            webp={l.webp}
                            fallback={l.image}
                            alt=""
                            width={l.width}
                            height={l.height}
                            eager={i < EAGER_CARDS}
                          />
                          <div className="flex flex-1 flex-col p-4">
                            <h3 className="text-lg font-semibold text-leaf-900">
                              <EntryLink
                                to={l.path}
                                entry={l}
                                className="after:absolute after:inset-0 hover:underline"
                              />
                            </h3>
                            <p className="mt-1 flex items-center gap-1 text-sm text-stone-700">
                              <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-leaf-700" />
                              {[l.city, l.country].filter(Boolean).join(", ")}
                            </p>
                            {l.distance ? (
                              <p className="text-sm font-semibold text-leaf-800">
                                {t("locations.distanceFrom", { distance: l.distance, place: d.nearLabel ?? "" })}
                              </p>
                            ) : null}
                            <p className="text-sm text-stone-600">
                              {[l.region, l.subRegion].filter(Boolean).join(" · ")}
                            </p>
                            <p className="mt-3 line-clamp-3 text-sm text-stone-800" lang={l.summaryLang ?? undefined}>
                              {l.summary}
                            </p>
                            {l.focus.length > 0 ? (
                              <ul
                                aria-label={t("locations.focusAreas")}
                                className="mt-auto flex flex-wrap gap-1.5 pt-3"
                              >
                                {l.focus.map((f) => (
                                  <li key={f} className="rounded-full bg-leaf-50 px-2.5 py-0.5 text-xs text-leaf-900">
                                    {f}
                                  </li>
                                ))}
                              </ul>
                            ) : null}
                          </div>
                        </article>
                      </li>
                    );
                  })}
                </HydrateApart>
              ))}
            </ul>
          )}
        </section>

        <Pagination
          page={d.page}
          totalPages={d.totalPages}
          label={t("locations.pages")}
          hrefFor={(p) => `/locations${toQueryString({ ...d.applied, page: p })}`}
        />
        <p className="mt-8 text-center text-sm text-stone-600">
          <Trans
            i18nKey="locations.openData"
            components={{
              anchor: (
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the message's words inside the link
                <a
                  href={`/locations.geojson${toQueryString({ ...d.applied })}`}
                  className="text-leaf-800 underline"
                  type="application/geo+json"
                />
              ),
            }}
          />
        </p>
      </div>
    </main>
  );
}
