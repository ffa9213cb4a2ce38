import { Fragment, type ReactNode } from "react";
import { Form } from "react-router";
import { formatDateRange, formatLabel, formatPrice } from "~/lib/format";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import { Trans, useLocalizeHref, useTranslation } from "~/lib/i18n/react";
import { requestTranslate } from "~/server-lib/messages.server";
import {
  findChangeMakersByNames,
  listProgramCountries,
  listProgramInstructionLanguages,
  listProgramSummaries,
  type ProgramSummary,
} from "~/services/entries/reads.server";
import { loadReferenceNames } from "~/services/site/reference.server";
import { AppLink } from "../components/app-link";
import { SelectOptions } from "../components/forms/select-options";
import { HydrateApart } from "../components/hydrate-apart";
import { CalendarDays, Globe, MapPin, Users } from "../components/icons";
import { EntryLink } from "../components/public/entry-link";
import { IconFact } from "../components/public/icon-fact";
import { LinkedMessage } from "../components/public/linked-message";
import { EmptyState, ListNotice, PageIntro } from "../components/public/page-intro";
import { MAX_QUERY_LENGTH, PROGRAM_PRICES, PROGRAM_WHEN } from "../lib/constants";
import { parseProgramQuery, programListFilter, programQueryReference } from "../lib/filters";
import { entryForPage } from "../lib/i18n/entry-translations";
import { instructionLanguageList, instructionLanguageOptions } from "../lib/instruction-languages";
import { metaTranslate, pageMeta } from "../lib/meta";
import { isDatabaseBusy } from "../lib/overload";
import { publicPageHeaders } from "../lib/public-cache";
import { PROGRAM_FORMATS, toQueryString } from "../lib/query-string";
import { countryLabel } from "../lib/reference-names";
import { locationPath, programPath } from "../lib/slug";
import { REGIONS } from "../lib/taxonomy";
import type { Route } from "./+types/programs";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { t, lang } = requestTranslate(request);
  const { db, config, logger } = context.services;
  const url = new URL(request.url);
  const query = parseProgramQuery(url.searchParams);
  const ref = await loadReferenceNames(context.services, lang);
  const { region, focus } = programQueryReference(query, ref);
  let rows: ProgramSummary[] = [];
  let countries: string[] = [];
  let taughtIn: string[] = [];
  try {
    [rows, countries, taughtIn] = await Promise.all([
      listProgramSummaries(db, programListFilter(query, { region, focus }, lang)),
      listProgramCountries(db),
      listProgramInstructionLanguages(db),
    ]);
  } catch (err) {
    // A programs read that fails leaves the list empty rather than breaking the page.
    // An overloaded database is answered 503 (try again), not with a list that looks empty.
    if (isDatabaseBusy(err)) throw err;
    logger.warn({ err }, "programs could not be read; showing an empty list");
  }
  // Educators with a change-maker page link to it (one look-up for the whole list).
  const people = await findChangeMakersByNames(
    db,
    rows.flatMap((p) => p.educators),
  );
  const today = new Date().toISOString().slice(0, 10);
  const isPast = (p: ProgramSummary) => Boolean((p.endDate ?? p.startDate) && (p.endDate ?? p.startDate ?? "") < today);
  const toCard = (p: ProgramSummary) => {
    const shown = entryForPage("program", p, lang);
    return {
      id: p.id,
      name: shown.text.name,
      nameLang: shown.lang.name,
      path: programPath(p.name),
      summary: shown.text.summary,
      summaryLang: shown.lang.summary,
      dates: formatDateRange(p.startDate, p.endDate, lang, t),
      startDate: p.startDate,
      format: p.format,
      price: formatPrice(p.priceCents, p.currency, lang, t),
      // "Taught in English and Portuguese", in the page's language; "" when staff have not said.
      taughtIn:
        p.instructionLanguages.length > 0
          ? t("programs.taughtIn", { languages: instructionLanguageList(p.instructionLanguages, lang) })
          : "",
      educators: p.educators.map((name) => {
        const id = people.get(name.trim().toLowerCase());
        return { name, path: id ? `/change-makers/${id}` : null };
      }),
      location: p.locationName
        ? {
            name: p.locationName,
            path: locationPath(p.locationName),
            place: [p.locationCity, countryLabel(p.locationCountry ?? "", lang)].filter(Boolean).join(", "),
          }
        : null,
    };
  };
  const upcoming = rows.filter((p) => !isPast(p)).map(toCard);
  // Most recent first among finished programs.
  const past = rows.filter(isPast).reverse().map(toCard);
  const applied = {
    q: query.q,
    format: query.format,
    region: region?.key,
    focus: focus?.id,
    country: query.country,
    taughtIn: query.taughtIn,
    when: query.when,
    from: query.from,
    to: query.to,
    price: query.price,
  };
  // The calendar of what the list shows, in the page's language: a webcal: address makes a calendar app subscribe
  // (and keep it up to date), the https one is the file itself.
  const calendarPath = `/programs.ics${toQueryString({ ...applied, lang: lang === DEFAULT_LANGUAGE ? undefined : lang })}`;
  return {
    siteUrl: config.siteUrl,
    calendarHref: calendarPath,
    webcalHref: `${config.siteUrl.replace(/^https?:\/\//i, "webcal://").replace(/\/+$/, "")}${calendarPath}`,
    applied,
    regionName: region?.name,
    // The regions in their fixed order, named in the page's language (staff's translation of each).
    regionOptions: REGIONS.map((r) => ({
      value: r.key,
      label: ref.regions.find((x) => x.key === r.key)?.name ?? t(`region.${r.key}`),
    })),
    // Topics and countries named in the page's language, in its alphabetical order; a country typed into the address
    // that no host has stays selectable, so the form shows what the list is filtered by.
    focusOptions: ref.focusAreas
      .filter((f) => f.name.trim() !== "")
      .map((f) => ({ value: f.id, label: f.name }))
      .sort((a, b) => a.label.localeCompare(b.label, lang)),
    countryOptions: [...new Set(query.country ? [...countries, query.country] : countries)]
      .map((c) => ({ value: c, label: countryLabel(c, lang) }))
      .sort((a, b) => a.label.localeCompare(b.label, lang)),
    // The languages programs are taught in, named in the page's language (the chosen one stays, as for countries).
    languageOptions: instructionLanguageOptions(lang, query.taughtIn ? [...taughtIn, query.taughtIn] : taughtIn),
    showPast: query.past,
    ignored: query.ignored.length > 0,
    upcoming,
    past: query.past ? past : [],
    pastCount: past.length,
  };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  return pageMeta({
    matches,
    title: loaderData?.regionName
      ? t("programs.titleInRegion", { region: loaderData.regionName })
      : t("programs.title"),
    description: t("programs.description"),
    siteUrl: loaderData?.siteUrl,
    // The canonical list is by format and region; words, dates and price are views of it.
    path: `/programs${toQueryString({ format: loaderData?.applied.format, region: loaderData?.applied.region })}`,
  });
}

const WHEN_KEYS: Record<(typeof PROGRAM_WHEN)[number], string> = {
  month: "programs.whenMonth",
  quarter: "programs.whenQuarter",
  dates: "programs.whenDates",
};

/**
 * Cards below the first screen: their style and layout wait until they come near the viewport (while the page is
 * parsed, every card's layout was redone several times on a phone).
 */
const LATER_CARD = "[contain-intrinsic-height:auto_18rem] [content-visibility:auto]";

type Card = Route.ComponentProps["loaderData"]["upcoming"][number];

/** A card's facts under its title: dates, host, languages, educators. */
const FACT = "mt-1 flex items-center gap-1.5 text-sm text-stone-700";
const FACT_ICON = "h-4 w-4 shrink-0 text-leaf-700";

function ProgramCard({ p, past = false }: { p: Card; past?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className="flex h-full flex-col rounded-xl border border-leaf-100 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-soil-100 px-2.5 py-0.5 font-medium text-soil-900">
          {formatLabel(p.format, t)}
        </span>
        <span className="font-semibold text-leaf-800">{p.price}</span>
        {past ? <span className="text-stone-600">{t("programs.finished")}</span> : null}
      </div>
      <h3 className="mt-3 text-lg font-semibold text-leaf-900">
        <EntryLink to={p.path} entry={p} className="hover:underline" />
      </h3>
      <IconFact icon={CalendarDays} className={FACT} iconClassName={FACT_ICON}>
        {p.startDate ? <time dateTime={p.startDate}>{p.dates}</time> : p.dates}
      </IconFact>
      {p.location ? (
        <IconFact icon={MapPin} className={FACT} iconClassName={FACT_ICON}>
          <span>
            <LinkedMessage
              i18nKey="programs.hostedBy"
              to={p.location.path}
              className="text-leaf-800 underline"
              values={{ name: p.location.name }}
            />
            {p.location.place ? `, ${p.location.place}` : ""}
          </span>
        </IconFact>
      ) : null}
      {p.taughtIn ? (
        <IconFact icon={Globe} className={FACT} iconClassName={FACT_ICON}>
          {p.taughtIn}
        </IconFact>
      ) : null}
      {p.educators.length > 0 ? (
        <IconFact icon={Users} className={FACT} iconClassName={FACT_ICON}>
          <span>
            {p.educators.map((e, i) => (
              <Fragment key={e.name}>
                {i > 0 ? ", " : null}
                {e.path ? (
                  <AppLink to={e.path} className="text-leaf-800 underline">
                    {e.name}
                  </AppLink>
                ) : (
                  e.name
                )}
              </Fragment>
            ))}
          </span>
        </IconFact>
      ) : null}
      <p className="mt-3 text-sm text-stone-800" lang={p.summaryLang ?? undefined}>
        {p.summary}
      </p>
    </article>
  );
}

const selectCls =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 focus:border-leaf-600";

/** A filter's control under its label. */
function FilterLabel({
  name,
  label,
  className,
  children,
}: {
  name: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`program-${name}`} className={className}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** One of the filter form's choices: "any" first, then the options; the form shows the applied value. */
function FilterSelect({
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FilterLabel name={name} label={label} className="text-sm font-semibold text-stone-800">
      <select
        id={`program-${name}`}
        name={name}
        autoComplete="off"
        defaultValue={value ?? ""}
        key={`${name}-${value ?? ""}`}
        className={selectCls}
      >
        <option value="">{anyLabel}</option>
        <SelectOptions options={options} />
      </select>
    </FilterLabel>
  );
}

/** One end of the chosen dates. */
function DateField({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  return (
    <FilterLabel name={name} label={label} className="text-sm text-stone-800">
      <input
        id={`program-${name}`}
        type="date"
        name={name}
        defaultValue={value ?? ""}
        key={`${name}-${value ?? ""}`}
        className={selectCls}
      />
    </FilterLabel>
  );
}

export default function Programs({ loaderData: d }: Route.ComponentProps) {
  const localize = useLocalizeHref();
  const { t } = useTranslation();
  const a = d.applied;
  const hasFilters = Object.values(a).some(Boolean);
  // The filter form's choices, in its order: each a select of the applied value's name, with "any" first.
  const choices = [
    {
      name: "format",
      label: "programs.format",
      any: "programs.anyFormat",
      options: PROGRAM_FORMATS.map((f) => ({ value: f, label: formatLabel(f, t) })),
    },
    { name: "region", label: "programs.region", any: "programs.allRegions", options: d.regionOptions },
    { name: "country", label: "programs.country", any: "programs.anyCountry", options: d.countryOptions },
    { name: "taughtIn", label: "programs.taughtInFilter", any: "programs.anyLanguage", options: d.languageOptions },
    { name: "focus", label: "programs.topic", any: "programs.anyTopic", options: d.focusOptions },
    {
      name: "price",
      label: "programs.price",
      any: "programs.anyPrice",
      options: PROGRAM_PRICES.map((p) => ({
        value: p,
        label: p === "free" ? t("programs.freeOnly") : t("programs.paidOnly"),
      })),
    },
    {
      name: "when",
      label: "programs.when",
      any: "programs.anyTime",
      options: PROGRAM_WHEN.map((w) => ({ value: w, label: t(WHEN_KEYS[w]) })),
    },
  ] as const;
  return (
    <main id="main">
      <PageIntro
        title={d.regionName ? t("programs.titleInRegion", { region: d.regionName }) : t("programs.title")}
        lead={t("programs.lead")}
      />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <HydrateApart>
          <Form
            method="get"
            action={localize("/programs")}
            role="search"
            aria-label={t("programs.filter")}
            data-analytics-form="program-filters"
            className="grid gap-4 rounded-xl border border-leaf-100 bg-white p-4 shadow-sm sm:grid-cols-3"
          >
            <div className="sm:col-span-3">
              <label htmlFor="program-q" className="text-sm font-semibold text-stone-800">
                {t("programs.words")}
              </label>
              <input
                id="program-q"
                type="search"
                name="q"
                defaultValue={a.q ?? ""}
                key={`q-${a.q ?? ""}`}
                maxLength={MAX_QUERY_LENGTH}
                placeholder={t("programs.wordsPlaceholder")}
                className={selectCls}
              />
            </div>
            {choices.map((c) => (
              <FilterSelect
                key={c.name}
                name={c.name}
                label={t(c.label)}
                value={a[c.name]}
                anyLabel={t(c.any)}
                options={c.options}
              />
            ))}
            {/* Side by side only where each field can show a whole date (not on 320–375 px phones). */}
            <fieldset className="grid grid-cols-1 gap-2 min-[380px]:grid-cols-2 sm:col-span-2">
              <legend className="text-sm font-semibold text-stone-800">{t("programs.chosenDates")}</legend>
              <DateField name="from" label={t("programs.from")} value={a.from} />
              <DateField name="to" label={t("programs.to")} value={a.to} />
            </fieldset>
            <div className="flex flex-wrap items-end gap-3">
              <button
                type="submit"
                className="min-h-11 rounded-md bg-leaf-700 px-5 py-2 font-semibold text-white hover:bg-leaf-800"
              >
                {t("programs.show")}
              </button>
              {hasFilters ? (
                <AppLink to="/programs" className="px-2 py-2 font-semibold text-leaf-800 underline">
                  {t("programs.clearFilters")}
                </AppLink>
              ) : null}
            </div>
          </Form>
        </HydrateApart>
        {d.ignored ? <ListNotice>{t("programs.ignored")}</ListNotice> : null}

        <section aria-labelledby="upcoming-heading" className="mt-8">
          <h2 id="upcoming-heading" className="text-2xl font-semibold text-leaf-900">
            {t("programs.upcoming")}
          </h2>
          {d.upcoming.length === 0 ? (
            <div className="mt-4">
              <EmptyState title={t("programs.noneMatch")}>
                {hasFilters ? (
                  <AppLink to="/programs" className="font-semibold text-leaf-800 underline">
                    {t("programs.clearFilters")}
                  </AppLink>
                ) : (
                  <p>{t("programs.addedRegularly")}</p>
                )}
              </EmptyState>
            </div>
          ) : (
            <ul className="mt-4 grid gap-6 md:grid-cols-2">
              {/* Each card hydrates in a task of its own (the list was one long task on a phone). */}
              {d.upcoming.map((p, i) => (
                <HydrateApart key={p.id}>
                  <li className={i < 2 ? undefined : LATER_CARD}>
                    <ProgramCard p={p} />
                  </li>
                </HydrateApart>
              ))}
            </ul>
          )}
        </section>

        {d.pastCount > 0 ? (
          <section aria-labelledby="past-heading" className="mt-12">
            <h2 id="past-heading" className="text-2xl font-semibold text-leaf-900">
              {t("programs.past")}
            </h2>
            {d.showPast ? (
              <>
                <ul className="mt-4 grid gap-6 md:grid-cols-2">
                  {d.past.map((p) => (
                    <HydrateApart key={p.id}>
                      <li className={LATER_CARD}>
                        <ProgramCard p={p} past />
                      </li>
                    </HydrateApart>
                  ))}
                </ul>
                <p className="mt-4">
                  <AppLink
                    to={`/programs${toQueryString({ ...d.applied })}`}
                    className="font-semibold text-leaf-800 underline"
                  >
                    {t("programs.hidePast")}
                  </AppLink>
                </p>
              </>
            ) : (
              <p className="mt-3">
                <AppLink
                  to={`/programs${toQueryString({ ...d.applied, past: 1 })}`}
                  className="font-semibold text-leaf-800 underline"
                >
                  {t("programs.showPast", { count: d.pastCount })}
                </AppLink>
              </p>
            )}
          </section>
        ) : null}

        <p className="mt-10 text-sm text-stone-600">
          <Trans
            i18nKey="programs.calendar"
            components={{
              webcal: (
                // biome-ignore lint/a11y/useAnchorContent: the message's words become the link's text
                <a href={d.webcalHref} className="text-leaf-800 underline" />
              ),
              calendar: (
                // biome-ignore lint/a11y/useAnchorContent: the message's words become the link's text
                <a href={d.calendarHref} className="text-leaf-800 underline" />
              ),
              apply: <AppLink to="/application" className="text-leaf-800 underline" />,
            }}
          />
        </p>
      </div>
    </main>
  );
}
