import type { ReactNode } from "react";
import { formatDate, formatDateRange, formatDuration, formatLabel } from "~/lib/format";
import type { HomeCards } from "~/lib/home-cards";
import { useLanguage, useTranslation } from "~/lib/i18n/react";
import { programPath } from "~/lib/slug";
import { AppLink } from "../app-link";
import { ArrowRight, CalendarDays, Mic } from "../icons";
import { island } from "../island";
import { ResponsivePicture } from "./picture";
import { CardTitleLink, SectionHeader } from "./section-header";
import { SuggestPlaceLink } from "./suggest-place-link";

const HomeNewsletter = island(() => import("../newsletter-form").then((m) => m.NewsletterForm));

/** The home page's sections that show a few of something: their headings, and where their "see all" links lead. */
const SECTIONS = {
  featured: { title: "home.featured", to: "/locations", linkText: "explore.allLocations" },
  programs: { title: "home.upcomingPrograms", to: "/programs", linkText: "home.allPrograms" },
  episodes: { title: "home.recentEpisodes", to: "/podcast", linkText: "home.allEpisodes" },
} as const;

/** A section of the home page under its heading, with the heading's link to all of what it shows a few of. */
function HomeSection({ name, children }: { name: keyof typeof SECTIONS; children: ReactNode }) {
  const { t } = useTranslation();
  const { title, to, linkText } = SECTIONS[name];
  return (
    <section aria-labelledby={`${name}-heading`} className="mx-auto max-w-6xl px-4 py-8">
      <SectionHeader id={`${name}-heading`} title={t(title)} to={to} linkText={t(linkText)} />
      {children}
    </section>
  );
}

/** The home page below the map: featured places, upcoming programs, recent episodes, apply and subscribe. */
export function HomeSections({ featured, upcoming, episodes }: HomeCards) {
  const lang = useLanguage();
  const { t } = useTranslation();
  return (
    <>
      {featured.length > 0 ? (
        <HomeSection name="featured">
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((l) => (
              <li key={l.id} className="overflow-hidden rounded-xl border border-leaf-100 bg-white shadow-sm">
                <ResponsivePicture
                  webp={l.webpImageUrl}
                  fallback={l.originalImageUrl}
                  alt=""
                  width={l.imageWidth ?? 960}
                  height={l.imageHeight ?? 600}
                />
                <div className="p-4">
                  <h3 className="text-lg font-semibold">
                    <CardTitleLink to={l.path}>
                      <span lang={l.nameLang ?? undefined}>{l.name}</span>
                    </CardTitleLink>
                  </h3>
                  <p className="text-sm text-stone-700">{l.country}</p>
                  <p className="mt-2 line-clamp-3 text-sm text-stone-800" lang={l.summaryLang ?? undefined}>
                    {l.shortDescription}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      <HomeSection name="programs">
        {upcoming.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2">
            {upcoming.map((p) => (
              <li key={p.id} className="rounded-xl border border-leaf-100 bg-white p-4 shadow-sm">
                <h3 className="text-lg font-semibold">
                  <CardTitleLink to={programPath(p.name)}>
                    <span lang={p.nameLang ?? undefined}>{p.shownName}</span>
                  </CardTitleLink>
                </h3>
                <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-800">
                  <CalendarDays aria-hidden="true" className="h-4 w-4 text-leaf-700" />
                  {formatDateRange(p.startDate, p.endDate, lang, t)}
                </p>
                <p className="mt-1 text-sm text-stone-700">
                  {formatLabel(p.format, t)}
                  {p.locationName
                    ? ` · ${[p.locationName, p.locationCity, p.locationCountry].filter(Boolean).join(", ")}`
                    : ""}
                </p>
                {p.summary ? (
                  <p className="mt-2 line-clamp-2 text-sm text-stone-800" lang={p.summaryLang ?? undefined}>
                    {p.summary}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-stone-800">{t("home.noPrograms")}</p>
        )}
      </HomeSection>

      {episodes.length > 0 ? (
        <HomeSection name="episodes">
          <ul className="grid gap-4 md:grid-cols-3">
            {episodes.map((e) => (
              <li key={e.id} className="rounded-xl border border-leaf-100 bg-white p-4 shadow-sm">
                <p className="flex items-start gap-1.5 text-sm text-stone-700">
                  <Mic aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-leaf-700" />
                  {/* One run of text beside the icon: on a narrow card it wraps like a sentence, not in columns. */}
                  <span>
                    {t("home.episode", { number: e.number })} ·{" "}
                    <time dateTime={e.publishedAt}>{formatDate(e.publishedAt, lang)}</time>
                    {e.durationSeconds ? ` · ${formatDuration(e.durationSeconds, t)}` : ""}
                  </span>
                </p>
                <h3 className="mt-1 text-lg font-semibold">
                  <CardTitleLink to={`/podcast#episode-${e.number}`}>
                    <span lang={e.titleLang ?? undefined}>{e.title}</span>
                  </CardTitleLink>
                </h3>
                {e.guest ? <p className="text-sm text-stone-700">{t("home.withGuest", { guest: e.guest })}</p> : null}
                <p className="mt-2 line-clamp-3 text-sm text-stone-800" lang={e.summaryLang ?? undefined}>
                  {e.summary}
                </p>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      <section aria-labelledby="join-heading" className="mx-auto max-w-6xl px-4 py-10">
        <div className="grid grid-cols-1 gap-6 rounded-2xl bg-leaf-800 p-6 text-white sm:p-10 md:grid-cols-2">
          <div>
            <h2 id="join-heading" className="text-2xl font-bold">
              {t("home.joinHeading")}
            </h2>
            <p className="mt-2 text-leaf-50">{t("home.joinText")}</p>
            <AppLink
              to="/application"
              className="mt-5 inline-flex items-center gap-2 rounded-md bg-white px-5 py-3 font-semibold text-leaf-900 hover:bg-leaf-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {t("home.applyNow")} <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </AppLink>
            <SuggestPlaceLink
              lead={t("home.missingPlace")}
              label={t("home.suggestPlace")}
              className="mt-4 text-leaf-50"
              linkClassName="font-semibold text-white underline"
            />
          </div>
          <div>
            <h2 className="text-2xl font-bold">{t("home.stayInLoop")}</h2>
            <p className="mt-2 text-leaf-50">{t("home.stayInLoopText")}</p>
            <div className="mt-4">
              <HomeNewsletter source="home" variant="dark" />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
