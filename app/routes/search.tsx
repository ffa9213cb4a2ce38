import { AppLink } from "../components/app-link";
import { EmptyState, PageIntro } from "../components/public/page-intro";
import { SearchCombobox } from "../components/search/search-combobox";
import { pageMeta } from "../lib/meta";
import { formatCount } from "../lib/numbers";
import { publicPageHeaders } from "../lib/public-cache";
import { SEARCH_KIND_LABELS as KIND_LABELS, searchHref } from "../lib/search-links";
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES } from "../lib/search-query";
import { type SearchKind, searchEverything } from "../queries/search.server";
import type { Route } from "./+types/search";

const PER_KIND = 5;

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

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const outcome = await searchEverything(db, q, { perKind: PER_KIND });
  if (outcome.status === "none") {
    const reason = outcome.parsed.ok ? null : outcome.parsed.reason;
    return {
      siteUrl: config.siteUrl,
      q: outcome.parsed.text,
      message: reason && reason !== "empty" ? SEARCH_MESSAGES[reason] : null,
      searched: null,
      correctedTo: null,
      groups: [],
    };
  }
  return {
    siteUrl: config.siteUrl,
    q: outcome.parsed.text,
    message: outcome.parsed.truncated ? `Only the first ${SEARCH_MAX_LENGTH} characters were searched.` : null,
    searched: outcome.correctedTo ?? outcome.parsed.text,
    correctedTo: outcome.correctedTo,
    groups: outcome.groups
      .filter((g) => g.total > 0)
      .map((g) => ({
        kind: g.kind,
        total: g.total,
        capped: g.capped,
        seeAll: g.total > g.hits.length ? seeAllHref(g.kind, outcome.correctedTo ?? outcome.parsed.text) : null,
        hits: g.hits.map((h) => ({ id: h.id, name: h.name, href: searchHref(h), snippet: h.snippet })),
      })),
  };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  // Every result page names /search as its canonical address, so crawlers keep one page, not each query.
  return pageMeta({
    matches,
    title: loaderData?.q ? `Search: ${loaderData.q}` : "Search",
    description: "Search places, programs, change-makers, resources and podcast episodes of the permaculture network.",
    siteUrl: loaderData?.siteUrl,
    path: "/search",
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, message, searched, correctedTo, groups } = loaderData;
  const total = groups.reduce((n, g) => n + g.total, 0);
  const capped = groups.some((g) => g.capped);
  return (
    <main id="main">
      <PageIntro title="Search" lead="Places, programs, change-makers, resources and podcast episodes.">
        <search className="mt-6 block max-w-2xl">
          <form method="get" action="/search" className="flex flex-wrap gap-2" data-analytics-form="search">
            <SearchCombobox
              defaultValue={q}
              label="Search the directory"
              placeholder="e.g. water harvesting Kenya"
              autoFocus={q === ""}
              className="w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base"
            />
            <button
              type="submit"
              className="rounded-lg bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800"
            >
              Search
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
            Nothing matched “{q}”. Showing results for <strong>“{correctedTo}”</strong>.
          </p>
        ) : null}
        {searched && total === 0 ? (
          <EmptyState title={`Nothing matches “${searched}”.`}>
            Try fewer words, another spelling, or browse <AppLink to="/locations">all places</AppLink>.
          </EmptyState>
        ) : null}
        {searched && total > 0 ? (
          <p role="status" className="mb-6 text-stone-700">
            {formatCount(total, capped)} {total === 1 ? "result" : "results"} for “{searched}”.
          </p>
        ) : null}
        {groups.map((g) => (
          <section key={g.kind} aria-labelledby={`results-${g.kind}`} className="mb-10">
            <h2 id={`results-${g.kind}`} className="text-2xl font-bold text-leaf-900">
              {KIND_LABELS[g.kind].many}{" "}
              <span className="font-normal text-stone-700">({formatCount(g.total, g.capped)})</span>
            </h2>
            <ul className="mt-4 space-y-4">
              {g.hits.map((h) => (
                <li key={h.id} className="rounded-xl border border-leaf-100 bg-white p-4 shadow-sm">
                  <AppLink
                    to={h.href}
                    className="text-lg font-semibold text-leaf-800 underline-offset-2 hover:underline"
                  >
                    {h.name}
                  </AppLink>
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
                  See all {formatCount(g.total, g.capped)} {KIND_LABELS[g.kind].many.toLowerCase()}
                </AppLink>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </main>
  );
}
