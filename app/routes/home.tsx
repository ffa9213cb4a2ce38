import { ArrowRight, CalendarDays, MapPin, Mic } from "lucide-react";
import { Link } from "react-router";
import { island } from "../components/island";
import { FORMAT_LABELS, formatDate, formatDateRange, formatDuration } from "../components/public/format";
import { ResponsivePicture } from "../components/public/picture";
import { getClusterStore, mapSnapshot } from "../lib/clusters.server";
import { SITE_NAME, SITE_TAGLINE } from "../lib/constants";
import { DEFAULT_VIEW_CENTER, DEFAULT_VIEW_ZOOM, formatInteger, SNAPSHOT_SIZE } from "../lib/map-geometry";
import { pageMeta } from "../lib/meta";
import { locationPath, programPath } from "../lib/slug";
import { listFeaturedLocations } from "../queries/locations.server";
import { listEpisodes } from "../queries/podcast.server";
import { listUpcomingPrograms } from "../queries/programs.server";
import { DEFAULT_GENERAL, getGeneralSettings } from "../queries/settings.server";
import type { Route } from "./+types/home";

// Both hydrate after the page load (see components/island.tsx): until then the map is the server-drawn SVG, whose
// clusters and places are links, and the form is a plain POST form.
const HomeMap = island(() => import("../components/map/interactive-map").then((m) => m.InteractiveMap));
const HomeNewsletter = island(() => import("../components/newsletter-form").then((m) => m.NewsletterForm));

const FEATURED_LIMIT = 6;
const UPCOMING_LIMIT = 4;
const EPISODES_LIMIT = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.services;
  const today = new Date().toISOString().slice(0, 10);
  const [featured, upcoming, episodes, general, snapshot] = await Promise.all([
    listFeaturedLocations(db, FEATURED_LIMIT),
    listUpcomingPrograms(db, { from: today, limit: UPCOMING_LIMIT }),
    listEpisodes(db, { limit: EPISODES_LIMIT }),
    getGeneralSettings(db).catch((err: unknown) => {
      logger.warn({ err }, "general settings unreadable; using the built-in basemap");
      return DEFAULT_GENERAL;
    }),
    mapSnapshot(getClusterStore(context.services), {
      center: DEFAULT_VIEW_CENTER,
      zoom: DEFAULT_VIEW_ZOOM,
      ...SNAPSHOT_SIZE,
    }),
  ]);
  return {
    siteUrl: context.services.config.siteUrl,
    snapshot,
    styleUrl: general.mapStyleUrl ?? "",
    featured,
    upcoming,
    episodes: episodes.map((e) => ({
      id: e.id,
      number: e.number,
      title: e.title,
      summary: e.summary,
      guest: e.guest,
      durationSeconds: e.durationSeconds,
      publishedAt: e.publishedAt.toISOString(),
    })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ title: SITE_NAME, description: SITE_TAGLINE, siteUrl: loaderData?.siteUrl, path: "/" });
}

const primaryBtn =
  "inline-flex items-center gap-2 rounded-md bg-leaf-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-leaf-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700";
const secondaryBtn =
  "inline-flex items-center gap-2 rounded-md border border-leaf-700 bg-white px-5 py-3 font-semibold text-leaf-800 hover:bg-leaf-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700";
const sectionHeading = "text-2xl font-bold text-leaf-900";
const moreLink =
  "inline-flex items-center gap-1 font-semibold text-leaf-800 underline underline-offset-2 hover:text-leaf-900";

export default function Home({ loaderData }: Route.ComponentProps) {
  const { snapshot, featured, upcoming, episodes } = loaderData;
  return (
    <main id="main">
      <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-leaf-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-6 pt-10 sm:pt-14">
          <h1 id="hero-heading" className="max-w-3xl text-3xl font-bold leading-tight text-leaf-900 sm:text-5xl">
            Learn and teach permaculture, wherever you are
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-800">{SITE_TAGLINE}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/map" className={primaryBtn}>
              <MapPin aria-hidden="true" className="h-5 w-5" />
              Explore the map
            </Link>
            <Link to="/application" className={secondaryBtn}>
              Apply now
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="map-heading" className="mx-auto max-w-6xl px-4 py-6">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="map-heading" className={sectionHeading}>
            {formatInteger(snapshot.total)} places on the map
          </h2>
          <Link to="/map" className={moreLink}>
            Open the full map <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
        <HomeMap
          snapshot={snapshot}
          styleUrl={loaderData.styleUrl}
          activation="interaction"
          label={`Map of ${formatInteger(snapshot.total)} permaculture locations`}
        />
      </section>

      {featured.length > 0 ? (
        <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-8">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="featured-heading" className={sectionHeading}>
              Featured locations
            </h2>
            <Link to="/locations" className={moreLink}>
              All locations <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </div>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((l) => (
              <li key={l.id} className="overflow-hidden rounded-xl border border-leaf-100 bg-white shadow-sm">
                <ResponsivePicture
                  webp={l.webpImageUrl}
                  fallback={l.originalImageUrl}
                  alt=""
                  width={l.imageWidth ?? 960}
                  height={l.imageHeight ?? 600}
                  sizes="(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw"
                />
                <div className="p-4">
                  <h3 className="text-lg font-semibold">
                    <Link
                      to={locationPath(l.name)}
                      className="text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
                    >
                      {l.name}
                    </Link>
                  </h3>
                  <p className="text-sm text-stone-700">{l.country}</p>
                  <p className="mt-2 line-clamp-3 text-sm text-stone-800">{l.shortDescription}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="programs-heading" className="mx-auto max-w-6xl px-4 py-8">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="programs-heading" className={sectionHeading}>
            Upcoming programs
          </h2>
          <Link to="/programs" className={moreLink}>
            All programs <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
        {upcoming.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2">
            {upcoming.map((p) => (
              <li key={p.id} className="rounded-xl border border-leaf-100 bg-white p-4 shadow-sm">
                <h3 className="text-lg font-semibold">
                  <Link
                    to={programPath(p.name)}
                    className="text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
                  >
                    {p.name}
                  </Link>
                </h3>
                <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-800">
                  <CalendarDays aria-hidden="true" className="h-4 w-4 text-leaf-700" />
                  {formatDateRange(p.startDate, p.endDate)}
                </p>
                <p className="mt-1 text-sm text-stone-700">
                  {FORMAT_LABELS[p.format] ?? p.format}
                  {p.locationName
                    ? ` · ${[p.locationName, p.locationCity, p.locationCountry].filter(Boolean).join(", ")}`
                    : ""}
                </p>
                {p.summary ? <p className="mt-2 line-clamp-2 text-sm text-stone-800">{p.summary}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-stone-800">No programs are scheduled right now. Check back soon.</p>
        )}
      </section>

      {episodes.length > 0 ? (
        <section aria-labelledby="episodes-heading" className="mx-auto max-w-6xl px-4 py-8">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="episodes-heading" className={sectionHeading}>
              Recent podcast episodes
            </h2>
            <Link to="/podcast" className={moreLink}>
              All episodes <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </div>
          <ul className="grid gap-4 md:grid-cols-3">
            {episodes.map((e) => (
              <li key={e.id} className="rounded-xl border border-leaf-100 bg-white p-4 shadow-sm">
                <p className="flex items-center gap-1.5 text-sm text-stone-700">
                  <Mic aria-hidden="true" className="h-4 w-4 text-leaf-700" />
                  Episode {e.number} · <time dateTime={e.publishedAt}>{formatDate(e.publishedAt)}</time>
                  {e.durationSeconds ? ` · ${formatDuration(e.durationSeconds)}` : ""}
                </p>
                <h3 className="mt-1 text-lg font-semibold">
                  <Link
                    to={`/podcast#episode-${e.number}`}
                    className="text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
                  >
                    {e.title}
                  </Link>
                </h3>
                {e.guest ? <p className="text-sm text-stone-700">With {e.guest}</p> : null}
                <p className="mt-2 line-clamp-3 text-sm text-stone-800">{e.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="join-heading" className="mx-auto max-w-6xl px-4 py-10">
        <div className="grid gap-6 rounded-2xl bg-leaf-800 p-6 text-white sm:p-10 md:grid-cols-2">
          <div>
            <h2 id="join-heading" className="text-2xl font-bold">
              Teach or learn with us
            </h2>
            <p className="mt-2 text-leaf-50">
              Educators and learners apply in a few minutes; we answer every application personally.
            </p>
            <Link
              to="/application"
              className="mt-5 inline-flex items-center gap-2 rounded-md bg-white px-5 py-3 font-semibold text-leaf-900 hover:bg-leaf-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Apply now <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
          </div>
          <div>
            <h2 className="text-2xl font-bold">Stay in the loop</h2>
            <p className="mt-2 text-leaf-50">Get new places, programs and podcast episodes in your inbox.</p>
            <div className="mt-4">
              <HomeNewsletter source="home" variant="dark" />
            </div>
          </div>
        </div>
      </section>
    </main>
  );
}
