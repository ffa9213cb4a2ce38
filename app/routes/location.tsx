import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import { Trans, useTranslation } from "~/lib/i18n/react";
import { requestTranslate } from "~/server-lib/messages.server";
import { loadLocationPage } from "~/services/entries/entry-pages.server";
import { AppLink } from "../components/app-link";
import { CalendarDays, ExternalLink, Globe, Mail, MapPin, Phone } from "../components/icons";
import { island } from "../components/island";
import { LocationMiniMap } from "../components/map/location-mini-map";
import { EntryLink } from "../components/public/entry-link";
import { EntryAbout, EntryFocus, EntrySection } from "../components/public/entry-sections";
import { JsonLd } from "../components/public/json-ld";
import { LastChecked } from "../components/public/last-checked";
import { LinkedMessage } from "../components/public/linked-message";
import { NearbyPlaces } from "../components/public/nearby-places";
import { EntryFigure, pictureWords } from "../components/public/picture";
import { PreviewBanner } from "../components/public/preview-banner";
import { ShownText } from "../components/public/shown-in-note";
import { localizeHref } from "../lib/i18n/languages";
import { placeJsonLd } from "../lib/jsonld-entries";
import { metaTranslate, pageMeta, siteNameFrom } from "../lib/meta";
import { osmMapHref, osmSearchHref } from "../lib/osm-links";
import { publicPageHeaders } from "../lib/public-cache";
import { canPreviewEntries, PREVIEW_HEADERS } from "../services/entries/entry-preview.server";
import type { Route } from "./+types/location";

/** Directions, the map app and share: plain links from the server, their code after the page (decision 056). */
const GettingThere = island(() => import("../components/public/getting-there").then((m) => m.GettingThere));

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { t, lang } = requestTranslate(request);
  const answer = await loadLocationPage(
    context.services,
    params.slug,
    { lang, t, canPreview: () => canPreviewEntries(context.services, request) },
    new Date().toISOString().slice(0, 10),
  );
  if (answer.kind === "moved") throw redirect(answer.to, 301);
  if (answer.kind === "missing") throw data(t("rest.locationNotFound"), { status: 404 });
  return data(answer.page, answer.page.preview ? { headers: PREVIEW_HEADERS } : undefined);
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) {
    return [{ title: `${metaTranslate(matches)("rest.locationNotFound")} | ${siteNameFrom(matches)}` }];
  }
  const { location, siteUrl } = loaderData;
  const tags: Record<string, string>[] = pageMeta({
    matches,
    title: `${location.name}, ${location.country}`,
    description: location.shortDescription,
    siteUrl,
    path: location.path,
    image: location.webp ?? location.image,
  });
  return tags;
}

function websiteLabel(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}

function isHttpUrl(url: string | null): url is string {
  return Boolean(url && /^https?:\/\//i.test(url));
}

/** One of the contact box's lines: its icon, named for a screen reader, and what it gives. */
function ContactItem({ icon: Icon, label, children }: { icon: typeof Globe; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt>
        <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 text-leaf-700" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function LocationPage({ loaderData }: Route.ComponentProps) {
  const { location: l, programs, siteUrl, preview, editPath } = loaderData;
  const { t, lang } = useTranslation();
  const place = [l.city, l.state, l.country].filter(Boolean).join(", ");
  // The "About" text is the long description, or the short one again when there is none.
  const aboutLang = l.longDescription ? l.lang.longDescription : l.lang.shortDescription;
  /** A heading that names the place, in the language its name is written in. */
  const withName = (key: string) => (
    <Trans i18nKey={key} values={{ name: l.name }} components={{ entry: <span lang={l.lang.name ?? undefined} /> }} />
  );
  const addressLines = [l.address, [l.zip, l.city].filter(Boolean).join(" "), l.state, l.country].filter(Boolean);
  // The media library's alt text and caption for the picture; without them the place's name describes it.
  const picture = pictureWords(l.imageAlt, l.imageCaption, l.name, lang);
  const upcoming = programs.filter((p) => !p.past);
  const past = programs.filter((p) => p.past);
  const jsonLd = placeJsonLd({
    siteUrl,
    path: l.path,
    name: l.name,
    description: l.shortDescription,
    image: l.webp ?? l.image,
    website: isHttpUrl(l.website) ? l.website : null,
    email: l.email,
    phone: l.phone,
    street: l.address,
    city: l.city,
    state: l.state,
    postalCode: l.zip,
    country: l.country,
    latitude: l.latitude,
    longitude: l.longitude,
    keywords: l.focus.map((f) => f.name),
  });

  return (
    <main id="main">
      <JsonLd data={jsonLd} />
      {preview ? (
        <div className="mx-auto max-w-6xl px-4 pt-4">
          <PreviewBanner status={preview} editPath={editPath} />
        </div>
      ) : null}
      <article>
        <header className="bg-leaf-900 text-white">
          <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-2 md:items-center md:py-12">
            <div>
              <nav aria-label={t("location.breadcrumb")} className="text-sm text-leaf-100">
                <ol className="flex flex-wrap gap-1">
                  <li>
                    <AppLink to="/locations" className="underline hover:text-white">
                      {t("nav.locations")}
                    </AppLink>
                    <span aria-hidden="true"> / </span>
                  </li>
                  {l.region?.key ? (
                    <li>
                      <AppLink to={`/locations?region=${l.region.key}`} className="underline hover:text-white">
                        {l.region.name}
                      </AppLink>
                      <span aria-hidden="true"> / </span>
                    </li>
                  ) : null}
                  <li aria-current="page" lang={l.lang.name ?? undefined}>
                    {l.name}
                  </li>
                </ol>
              </nav>
              <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl" lang={l.lang.name ?? undefined}>
                {l.name}
              </h1>
              <p className="mt-2 flex items-center gap-1.5 text-leaf-50">
                <MapPin aria-hidden="true" className="h-5 w-5 shrink-0" />
                {place}
              </p>
              {l.region || l.subRegion ? (
                <p className="mt-1 text-sm text-leaf-100">
                  {[l.region?.name, l.subRegion?.name].filter(Boolean).join(" · ")}
                </p>
              ) : null}
              <ShownText
                of={l}
                field="shortDescription"
                className="mt-4"
                textClassName="text-lg text-white"
                noteClassName="mb-1 text-leaf-50"
              />
            </div>
            <EntryFigure
              image={{ webp: l.webpSrcSet, fallback: l.image, width: l.width, height: l.height }}
              words={{ ...picture, altLang: l.imageAlt ? picture.altLang : (l.lang.name ?? undefined) }}
              frame="shadow-lg"
              captionClassName="text-leaf-50"
            />
          </div>
        </header>

        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <EntryAbout
              id="about"
              title={withName("location.about")}
              text={l.longDescription || l.shortDescription}
              lang={aboutLang}
            />

            <EntryFocus title={t("location.focus")} tags={l.focus} list="/locations" className="mt-10" />

            <EntrySection id="programs" title={withName("location.programsAt")} className="mt-10">
              {upcoming.length === 0 && past.length === 0 ? (
                <p className="mt-3 text-stone-700">
                  <LinkedMessage i18nKey="location.noPrograms" to="/programs" className="text-leaf-800 underline" />
                </p>
              ) : (
                <ul className="mt-4 space-y-4">
                  {[...upcoming, ...past].map((p) => (
                    <li key={p.id} className="rounded-lg border border-leaf-100 bg-white p-4">
                      <h3 className="font-semibold text-leaf-900">
                        <EntryLink to={p.path} entry={p} className="hover:underline" />
                        {p.past ? (
                          <span className="ml-2 text-sm font-normal text-stone-600">{t("location.finished")}</span>
                        ) : null}
                      </h3>
                      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
                        <span className="inline-flex items-center gap-1">
                          <CalendarDays aria-hidden="true" className="h-4 w-4" />
                          {p.dates}
                        </span>
                        <span>{p.format}</span>
                        <span>{p.price}</span>
                      </p>
                      <p className="mt-2 text-sm text-stone-800" lang={p.summaryLang ?? undefined}>
                        {p.summary}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </EntrySection>
          </div>

          <aside className="space-y-8">
            <EntrySection
              id="contact"
              title={t("location.contact")}
              className="rounded-xl border border-leaf-100 bg-white p-5 shadow-sm"
            >
              <dl className="mt-4 space-y-3 text-stone-800">
                {isHttpUrl(l.website) ? (
                  <ContactItem icon={Globe} label={t("location.website")}>
                    <a
                      href={l.website}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 break-all text-leaf-800 underline"
                    >
                      {websiteLabel(l.website)}
                      <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
                      <span className="sr-only">{t("location.newTab")}</span>
                    </a>
                  </ContactItem>
                ) : null}
                {l.email ? (
                  <ContactItem icon={Mail} label="E-mail">
                    <a href={`mailto:${l.email}`} className="break-all text-leaf-800 underline">
                      {l.email}
                    </a>
                  </ContactItem>
                ) : null}
                {l.phone ? (
                  <ContactItem icon={Phone} label={t("location.phone")}>
                    <a href={`tel:${l.phone.replace(/[^\d+]/g, "")}`} className="text-leaf-800 underline">
                      {l.phone}
                    </a>
                  </ContactItem>
                ) : null}
                {addressLines.length > 0 ? (
                  <ContactItem icon={MapPin} label={t("location.address")}>
                    {/* The address leads to the point on a street map (or, without one, to a search for it). */}
                    <address className="not-italic">
                      <a
                        href={
                          l.latitude !== null && l.longitude !== null
                            ? osmMapHref(l.latitude, l.longitude)
                            : osmSearchHref(addressLines.join(", "))
                        }
                        className="text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
                        data-analytics="location:address"
                      >
                        {addressLines.map((line) => (
                          <span key={line} className="block">
                            {line}
                          </span>
                        ))}
                        <span className="sr-only">{t("location.addressOnMap")}</span>
                      </a>
                    </address>
                  </ContactItem>
                ) : null}
              </dl>
              <LastChecked at={l.checkedAt} correctHref={`/suggest-a-correction/location/${l.id}`} />
            </EntrySection>

            <EntrySection
              id="map"
              title={t("location.onMap")}
              headingClassName="mb-3 text-xl font-semibold text-leaf-900"
            >
              {l.latitude !== null && l.longitude !== null ? (
                <LocationMiniMap
                  latitude={l.latitude}
                  longitude={l.longitude}
                  name={l.name}
                  markerType={l.markerType}
                  basemapVersion={loaderData.basemapVersion}
                  zoom={loaderData.miniMapZoom ?? undefined}
                />
              ) : (
                <p className="text-stone-700">{t("location.noPosition")}</p>
              )}
            </EntrySection>

            <GettingThere
              latitude={l.latitude}
              longitude={l.longitude}
              name={l.name}
              url={`${siteUrl}${localizeHref(l.path, lang)}`}
            />

            <NearbyPlaces places={loaderData.nearby} />

            <p className="text-sm text-stone-600">
              <LinkedMessage i18nKey="location.outOfDate" to="/about#contact" className="text-leaf-800 underline" />
            </p>
          </aside>
        </div>
      </article>
    </main>
  );
}
