import type { ReactNode } from "react";
import { data } from "react-router";
import { hitHref, hitPlace, type SearchKind, searchSite } from "~/services/search/search.server";
import { AppLink } from "../components/app-link";
import { EntryLink } from "../components/public/entry-link";
import { EmptyState, PageIntro } from "../components/public/page-intro";
import { SearchCombobox } from "../components/search/search-combobox";
import { MAX_QUERY_LENGTH } from "../lib/constants";
import { Trans, useLocalizeHref, useTranslation } from "../lib/i18n/react";
import { metaTranslate, pageMeta } from "../lib/meta";
import { formatCount } from "../lib/numbers";
import { publicPageHeaders } from "../lib/public-cache";
import { SEARCH_KIND_LABELS as KIND_LABELS } from "../lib/search-links";
import { SEARCH_MESSAGES } from "../lib/search-query";
import { requestTranslate } from "../server-lib/messages.server";
import type { Route } from "./+types/search";

const PER_KIND = 5;

/** The "See all N …" message of each kind. */
const SEE_ALL: Record<SearchKind, string> = {
  location: "searchPage.seeAllLocations",
  program: "searchPage.seeAllPrograms",
  "change-maker": "searchPage.seeAllChangeMakers",
  resource: "searchPage.seeAllResources",
  episode: "searchPage.seeAllEpisodes",
};

/** The list page that shows every match of a kind, when it takes the words. */
function seeAllHref(kind: SearchKind, q: string): string | null {
  const list: Partial<Record<SearchKind, string>> = {
    location: "/locations",
    program: "/programs",
    "change-maker": "/change-makers",
    resource: "/resources",
  };
  return list[kind] ? `${list[kind]}?q=${encodeURIComponent(q)}` : null;
}

/**
 * A page of results is the visitor's own: every search reaches the server, so it is counted for staff with its
 * outcome (decision 055), and no shared cache keeps it (search result pages are not for crawlers either).
 */
const RESULTS_HEADERS = { "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.services;
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const { t, lang } = requestTranslate(request);
  const outcome = await searchSite(context.services, q, { perKind: PER_KIND, lang });
  if (outcome.status === "none") {
    const reason = outcome.parsed.ok ? null : outcome.parsed.reason;
    return {
      siteUrl: config.siteUrl,
      q: outcome.parsed.text,
      message: reason && reason !== "empty" ? t(SEARCH_MESSAGES[reason].key, SEARCH_MESSAGES[reason].values) : null,
      searched: null,
      correctedTo: null,
      suggestion: null,
      near: null,
      groups: [],
    };
  }
  return data(
    {
      siteUrl: config.siteUrl,
      q: outcome.parsed.text,
      message: outcome.parsed.truncated ? t("searchPage.truncated", { count: MAX_QUERY_LENGTH }) : null,
      searched: outcome.correctedTo ?? outcome.parsed.text,
      correctedTo: outcome.correctedTo,
      suggestion: outcome.suggestion,
      near: outcome.near,
      groups: outcome.groups
        .filter((g) => g.total > 0)
        .map((g) => ({
          kind: g.kind,
          total: g.total,
          capped: g.capped,
          seeAll: g.total > g.hits.length ? seeAllHref(g.kind, outcome.correctedTo ?? outcome.parsed.text) : null,
          hits: g.hits.map((h) => ({
            id: h.id,
            name: h.label,
            // A name in another language than the page's says so, for screen readers and translation tools.
            nameLang: h.labelLang === lang ? null : h.labelLang,
            href: hitHref(h),
            place: hitPlace(h, lang),
            snippet: h.snippet,
          })),
        })),
    },
    { headers: RESULTS_HEADERS },
  );
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  // Every result page names /search as its canonical address, so crawlers keep one page, not each query.
  const t = metaTranslate(matches);
  return pageMeta({
    matches,
    title: loaderData?.q ? t("searchPage.titleQuery", { q: loaderData.q }) : t("searchPage.title"),
    description: t("searchPage.description"),
    siteUrl: loaderData?.siteUrl,
    path: "/search",
  });
}

/** A link in the page's sentences (to another search, or to the places near a town). */
function SearchLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <AppLink to={to} className="font-semibold text-leaf-800 underline">
      {children}
    </AppLink>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, message, searched, correctedTo, suggestion, near, groups } = loaderData;
  const total = groups.reduce((n, g) => n + g.total, 0);
  const capped = groups.some((g) => g.capped);
  const { t, lang } = useTranslation();
  const localize = useLocalizeHref();
  return (
    <main id="main">
      <PageIntro title={t("searchPage.title")} lead={t("searchPage.lead")}>
        <search className="mt-6 block max-w-2xl">
          <form method="get" action={localize("/search")} className="flex flex-wrap gap-2" data-analytics-form="search">
            <SearchCombobox
              defaultValue={q}
              label={t("search.label")}
              placeholder={t("searchPage.placeholder")}
              autoFocus={q === ""}
              className="w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base"
            />
            <button
              type="submit"
              className="rounded-lg bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800"
            >
              {t("searchPage.submit")}
            </button>
          </form>
        </search>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-8">
        {message ? (
          <p role="status" className="mb-6 text-stone-800">
            {message}
          </p>
        ) : null}
        {correctedTo ? (
          <p className="mb-6 text-stone-800">
            <Trans
              i18nKey="searchPage.corrected"
              values={{ q, corrected: correctedTo }}
              components={{ strong: <strong /> }}
            />
          </p>
        ) : null}
        {suggestion ? (
          <p className="mb-6 text-lg text-stone-800">
            <Trans
              i18nKey="searchPage.didYouMean"
              values={{ suggestion }}
              components={{ anchor: <SearchLink to={`/search?q=${encodeURIComponent(suggestion)}`} /> }}
            />
          </p>
        ) : null}
        {searched && total === 0 ? (
          <EmptyState title={t("searchPage.nothing", { q: searched })}>
            {near ? (
              <span className="mb-2 block">
                <Trans
                  i18nKey="searchPage.nearTown"
                  values={{ town: near }}
                  components={{ anchor: <SearchLink to={`/locations?near=${encodeURIComponent(near)}`} /> }}
                />
              </span>
            ) : null}
            <Trans i18nKey="searchPage.nothingHint" components={{ anchor: <AppLink to="/locations" /> }} />
          </EmptyState>
        ) : null}
        {searched && total > 0 ? (
          <p role="status" className="mb-6 text-stone-700">
            {t("searchPage.results", { count: total, total: formatCount(total, capped, lang), q: searched })}
          </p>
        ) : null}
        {groups.map((g) => (
          <section key={g.kind} aria-labelledby={`results-${g.kind}`} className="mb-10">
            <h2 id={`results-${g.kind}`} className="text-2xl font-bold text-leaf-900">
              {t(KIND_LABELS[g.kind].many)}{" "}
              <span className="font-normal text-stone-700">({formatCount(g.total, g.capped, lang)})</span>
            </h2>
            <ul className="mt-4 space-y-4">
              {g.hits.map((h) => (
                <li key={h.id} className="rounded-xl border border-leaf-100 bg-white p-4 shadow-sm">
                  <EntryLink
                    to={h.href}
                    entry={h}
                    className="text-lg font-semibold text-leaf-800 underline-offset-2 hover:underline"
                  />
                  {h.place ? (
                    <p className="mt-0.5 text-sm text-stone-700">
                      {h.place.what}
                      {h.place.where ? (
                        <>
                          <span aria-hidden="true"> · </span>
                          <span className="sr-only">, </span>
                          {h.place.where}
                        </>
                      ) : null}
                    </p>
                  ) : null}
                  {h.snippet.length > 0 ? (
                    <p className="mt-1 break-words text-stone-700">
                      {h.snippet.map((run, i) =>
                        run.match ? (
                          // biome-ignore lint/suspicious/noArrayIndexKey: runs of one snippet never reorder
                          <mark key={i} className="bg-soil-100 text-stone-900">
                            {run.text}
                          </mark>
                        ) : (
                          run.text
                        ),
                      )}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
            {g.seeAll ? (
              <p className="mt-3">
                <AppLink to={g.seeAll} className="font-semibold text-leaf-800 underline">
                  {t(SEE_ALL[g.kind], { total: formatCount(g.total, g.capped, lang) })}
                </AppLink>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </main>
  );
}
