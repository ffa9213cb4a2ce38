import { data, redirect } from "react-router";
import { formatDateRange, formatLabel, formatPrice } from "~/lib/format";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import { requestTranslate } from "~/server-lib/messages.server";
import {
  findChangeMakersByNames,
  findProgramByAddressKey,
  findRedirect,
  getLocationById,
  getProgramById,
  getProgramBySlug,
} from "~/services/entries/reads.server";
import { loadReferenceNames } from "~/services/site/reference.server";
import { AppLink } from "../components/app-link";
import { CalendarDays, ExternalLink, Globe, MapPin, Ticket, Users } from "../components/icons";
import { EntryAbout, EntryFocus, EntrySection } from "../components/public/entry-sections";
import { JsonLd } from "../components/public/json-ld";
import { LastChecked } from "../components/public/last-checked";
import { LinkedMessage } from "../components/public/linked-message";
import { EntryFigure, pictureWords } from "../components/public/picture";
import { PreviewBanner } from "../components/public/preview-banner";
import { ShownText } from "../components/public/shown-in-note";
import { ENTRY_NAME_MAX_LENGTH } from "../lib/constants";
import { entryForPage } from "../lib/i18n/entry-translations";
import { canonicalInstructionLanguages, instructionLanguageList } from "../lib/instruction-languages";
import { courseJsonLd } from "../lib/jsonld-entries";
import { metaTranslate, pageMeta, siteNameFrom } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { toQueryString } from "../lib/query-string";
import { countryLabel } from "../lib/reference-names";
import { locationPath, programPath } from "../lib/slug";
import { canPreviewEntries, PREVIEW_HEADERS } from "../services/entries/entry-preview.server";
import { pagePicture } from "../services/entries/stored-image.server";
import type { Route } from "./+types/program";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { t, lang } = requestTranslate(request);
  const { db, config } = context.services;
  if (params.slug.length > ENTRY_NAME_MAX_LENGTH) throw data(t("program.notFound"), { status: 404 });
  // Published programs for everyone; staff also see an unpublished one's page, marked as a preview.
  const p =
    (await getProgramBySlug(db, params.slug)) ??
    ((await canPreviewEntries(context.services, request))
      ? await getProgramBySlug(db, params.slug, { includeUnpublished: true })
      : null);
  if (!p) {
    // The address typed in another case, or with doubled or trailing hyphens: the program's own address.
    const alike = await findProgramByAddressKey(db, params.slug);
    if (alike) throw redirect(programPath(alike.name), 301);
    // An old address (before a rename) leads to the program as it is now.
    const moved = await findRedirect(db, "program", params.slug);
    const target = moved ? await getProgramById(db, moved) : null;
    if (target?.status === "published") throw redirect(programPath(target.name), 301);
    throw data(t("program.notFound"), { status: 404 });
  }
  const [host, ref, picture, people] = await Promise.all([
    p.locationId ? getLocationById(db, p.locationId) : Promise.resolve(null),
    loadReferenceNames(context.services, lang),
    // A program has one image URL; for a media-library image the WebP copies and the size are found from it.
    pagePicture(
      context.services,
      { original: p.imageUrl, webp: null },
      lang,
      "image lookup failed; showing the stored URL",
    ),
    // Educators are listed by name; those with a change-maker page link to it.
    findChangeMakersByNames(db, p.educators),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  const past = Boolean((p.endDate ?? p.startDate) && (p.endDate ?? p.startDate ?? "") < today);
  const preview = p.status === "published" ? null : p.status;
  // The page's language decides which translation, if any, each text is shown in.
  const shown = entryForPage("program", p, lang);
  return data(
    {
      siteUrl: config.siteUrl,
      preview,
      editPath: `/admin/dashboard/programs/edit/${p.id}`,
      program: {
        id: p.id,
        name: shown.text.name,
        path: programPath(p.name),
        summary: shown.text.summary,
        description: shown.text.description,
        lang: shown.lang,
        inLanguage: shown.inLanguage,
        startDate: p.startDate,
        endDate: p.endDate,
        dates: formatDateRange(p.startDate, p.endDate, lang, t),
        past,
        // Its own calendar file (feeds are not under a language's prefix; ?lang= words it in the page's language).
        calendarHref:
          p.startDate && !past && p.status === "published"
            ? `/programs.ics${toQueryString({ program: p.id, lang: lang === DEFAULT_LANGUAGE ? undefined : lang })}`
            : null,
        format: p.format,
        priceCents: p.priceCents,
        currency: p.currency,
        price: formatPrice(p.priceCents, p.currency, lang, t),
        educators: p.educators.map((name) => {
          const id = people.get(name.trim().toLowerCase());
          return { name, path: id ? `/change-makers/${id}` : null };
        }),
        capacity: p.capacity,
        // The languages it is taught in (decision 060): codes for JSON-LD, and words in the page's language.
        instructionLanguages: canonicalInstructionLanguages(p.instructionLanguages),
        taughtIn: instructionLanguageList(p.instructionLanguages, lang, { standAlone: true }),
        applicationUrl: p.applicationUrl && /^https?:\/\//i.test(p.applicationUrl) ? p.applicationUrl : null,
        image: p.imageUrl,
        picture: {
          webpSrcSet: picture.srcSet,
          width: picture.width ?? undefined,
          height: picture.height ?? undefined,
          alt: picture.alt,
          caption: picture.caption,
        },
        focus: p.focusAreas
          .map((id) => ({ id, name: ref.focusAreasById.get(id)?.name ?? "" }))
          .filter((f) => f.name.trim() !== ""),
        checkedAt: p.checkedAt.toISOString(),
      },
      // The host is named and linked only while its own page is public.
      host:
        host && host.status === "published"
          ? {
              name: host.name,
              path: locationPath(host.name),
              city: host.contactCity,
              country: countryLabel(host.country, lang),
              region: host.regionId ? ref.regionsById.get(host.regionId)?.name : undefined,
            }
          : null,
    },
    preview ? { headers: PREVIEW_HEADERS } : undefined,
  );
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${metaTranslate(matches)("program.notFound")} | ${siteNameFrom(matches)}` }];
  const { program, siteUrl } = loaderData;
  return pageMeta({
    matches,
    title: program.name,
    description: program.summary || `${program.name}: ${program.dates}`,
    siteUrl,
    path: program.path,
    image: program.image,
  });
}

export default function ProgramPage({ loaderData }: Route.ComponentProps) {
  const { program: p, host, siteUrl, preview, editPath } = loaderData;
  const { t, lang } = useTranslation();
  // The media library's alt text and caption; without an alt text the picture only illustrates the page.
  const picture = pictureWords(p.picture.alt, p.picture.caption, "", lang);
  // The "About" text is the description, or the summary again when there is none.
  const aboutLang = p.description ? p.lang.description : p.lang.summary;
  const jsonLd = courseJsonLd({
    siteUrl,
    path: p.path,
    name: p.name,
    description: p.summary || p.description.slice(0, 300),
    startDate: p.startDate,
    endDate: p.endDate,
    format: p.format,
    priceCents: p.priceCents,
    currency: p.currency,
    educators: p.educators.map((e) => e.name),
    capacity: p.capacity,
    image: p.image,
    applicationUrl: p.applicationUrl,
    inLanguage: p.inLanguage,
    instructionLanguages: p.instructionLanguages,
    location: host ? { name: host.name, path: host.path, country: host.country, city: host.city } : null,
  });
  const facts: { label: string; value: React.ReactNode; icon: React.ReactNode }[] = [
    {
      label: t("program.dates"),
      value: p.startDate ? <time dateTime={p.startDate}>{p.dates}</time> : p.dates,
      icon: <CalendarDays aria-hidden="true" className="h-5 w-5 text-leaf-700" />,
    },
    {
      label: t("program.format"),
      value: formatLabel(p.format, t),
      icon: <MapPin aria-hidden="true" className="h-5 w-5 text-leaf-700" />,
    },
    {
      label: t("program.price"),
      value: p.price,
      icon: <Ticket aria-hidden="true" className="h-5 w-5 text-leaf-700" />,
    },
  ];
  if (p.taughtIn) {
    facts.push({
      label: t("program.taughtIn", { count: p.instructionLanguages.length }),
      value: p.taughtIn,
      icon: <Globe aria-hidden="true" className="h-5 w-5 text-leaf-700" />,
    });
  }
  if (p.capacity) {
    facts.push({
      label: t("program.places"),
      value: t("program.upTo", { count: p.capacity }),
      icon: <Users aria-hidden="true" className="h-5 w-5 text-leaf-700" />,
    });
  }

  return (
    <main id="main">
      <JsonLd data={jsonLd} />
      {preview ? (
        <div className="mx-auto max-w-5xl px-4 pt-4">
          <PreviewBanner status={preview} editPath={editPath} />
        </div>
      ) : null}
      <article>
        <header className="border-b border-leaf-100 bg-gradient-to-b from-leaf-50 to-soil-50">
          <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
            <nav aria-label={t("entry.breadcrumb")} className="text-sm text-stone-700">
              <AppLink to="/programs" className="underline">
                {t("nav.programs")}
              </AppLink>
              <span aria-hidden="true"> / </span>
              <span aria-current="page" lang={p.lang.name ?? undefined}>
                {p.name}
              </span>
            </nav>
            <h1
              className="mt-3 text-3xl font-bold tracking-tight text-leaf-900 sm:text-4xl"
              lang={p.lang.name ?? undefined}
            >
              {p.name}
            </h1>
            {p.summary ? (
              <ShownText of={p} field="summary" className="mt-3 max-w-3xl" textClassName="text-lg text-stone-700" />
            ) : null}
            {p.past ? (
              <p className="mt-4 inline-block rounded-md bg-soil-100 px-3 py-1 text-sm text-soil-900">
                <LinkedMessage i18nKey="program.finished" to="/programs" className="underline" />
              </p>
            ) : null}
          </div>
        </header>

        <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {p.image ? (
              <EntryFigure
                image={{
                  webp: p.picture.webpSrcSet,
                  fallback: p.image,
                  width: p.picture.width,
                  height: p.picture.height,
                }}
                words={picture}
                className="mb-8"
                captionClassName="text-stone-700"
              />
            ) : null}
            <EntryAbout
              id="description"
              title={t("program.about")}
              text={p.description || p.summary}
              lang={aboutLang}
            />
            {p.educators.length > 0 ? (
              <EntrySection id="educators" title={t("program.educators")} className="mt-10">
                <ul className="mt-3 flex flex-wrap gap-3">
                  {p.educators.map((e) => (
                    <li key={e.name} className="rounded-lg border border-leaf-100 bg-white px-4 py-2 text-stone-800">
                      {e.path ? (
                        <AppLink to={e.path} className="font-medium text-leaf-800 underline">
                          {e.name}
                        </AppLink>
                      ) : (
                        e.name
                      )}
                    </li>
                  ))}
                </ul>
              </EntrySection>
            ) : null}
            {/* Programs on the same topic (a place's topic chips lead to places). */}
            <EntryFocus title={t("program.topics")} tags={p.focus} list="/programs" className="mt-10" />
          </div>

          <aside className="space-y-6">
            <EntrySection
              id="facts"
              title={t("program.atAGlance")}
              className="rounded-xl border border-leaf-100 bg-white p-5 shadow-sm"
            >
              <dl className="mt-4 space-y-3">
                {facts.map((f) => (
                  <div key={f.label}>
                    <dt className="flex items-center gap-2 text-sm text-stone-600">
                      {f.icon}
                      {f.label}
                    </dt>
                    <dd className="ml-7 font-medium text-stone-900">{f.value}</dd>
                  </div>
                ))}
                {host ? (
                  <div>
                    <dt className="flex items-center gap-2 text-sm text-stone-600">
                      <MapPin aria-hidden="true" className="h-5 w-5 text-leaf-700" />
                      {t("program.hostedBy")}
                    </dt>
                    <dd className="ml-7 font-medium">
                      <AppLink to={host.path} className="text-leaf-800 underline">
                        {host.name}
                      </AppLink>
                      <span className="block text-sm font-normal text-stone-700">
                        {[host.city, host.country].filter(Boolean).join(", ")}
                      </span>
                    </dd>
                  </div>
                ) : null}
              </dl>
              {p.calendarHref ? (
                <p className="mt-4">
                  {/* A file to open in a calendar app (feeds are plain links, outside the page's language prefix). */}
                  <a
                    href={p.calendarHref}
                    download
                    className="inline-flex min-h-11 items-center gap-2 font-semibold text-leaf-800 underline"
                  >
                    <CalendarDays aria-hidden="true" className="h-5 w-5" />
                    {t("program.addToCalendar")}
                  </a>
                </p>
              ) : null}
              <LastChecked at={p.checkedAt} correctHref={`/suggest-a-correction/program/${p.id}`} />
            </EntrySection>

            {/*
              Booking a place on this course, with its host: not the network's application (Application, Apply Now),
              which is named only where it is meant.
            */}
            <EntrySection
              id="book"
              title={t("program.howToBook")}
              className="rounded-xl bg-leaf-900 p-5 text-white"
              headingClassName="text-xl font-semibold"
            >
              {p.past ? (
                <p className="mt-2 text-leaf-50">{t("program.bookingClosed")}</p>
              ) : p.applicationUrl ? (
                <>
                  <p className="mt-2 text-leaf-50">{t("program.bookedWithHost")}</p>
                  <a
                    href={p.applicationUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-md bg-white px-5 py-2 font-semibold text-leaf-900 hover:bg-leaf-50"
                  >
                    {t("program.book")}
                    <ExternalLink aria-hidden="true" className="h-4 w-4" />
                    <span className="sr-only">{t("entry.opensInNewTab")}</span>
                  </a>
                </>
              ) : (
                <p className="mt-2 text-leaf-50">{t("program.contactHost")}</p>
              )}
              <p className="mt-4 text-sm text-leaf-50">
                <LinkedMessage
                  i18nKey="program.newToNetwork"
                  to="/application"
                  className="font-semibold text-white underline"
                />
              </p>
            </EntrySection>
          </aside>
        </div>
      </article>
    </main>
  );
}
