import type { ReactNode } from "react";
import { listResources } from "~/services/entries/reads.server";
import { loadReferenceData } from "~/services/site/reference.server";
import { AppLink } from "../components/app-link";
import { AppWindow, BookOpen, ExternalLink, FileText, Globe, Mic, TvMinimalPlay } from "../components/icons";
import { ListSearch } from "../components/public/list-search";
import { EmptyState, ListNotice, PageIntro } from "../components/public/page-intro";
import { ShownText } from "../components/public/shown-in-note";
import { TagList } from "../components/public/tag-list";
import { parseListWords, parseResourceQuery } from "../lib/filters";
import { entryForPage } from "../lib/i18n/entry-translations";
import { languageFromPath } from "../lib/i18n/languages";
import { useTranslation } from "../lib/i18n/react";
import type { Translate } from "../lib/i18n/translate";
import { metaTranslate, pageMeta } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { RESOURCE_TYPES, type ResourceType } from "../lib/taxonomy";
import type { Route } from "./+types/resources";

const TYPE_ICONS: Record<ResourceType, ReactNode> = {
  website: <Globe aria-hidden="true" className="h-4 w-4" />,
  "youtube channel": <TvMinimalPlay aria-hidden="true" className="h-4 w-4" />,
  book: <BookOpen aria-hidden="true" className="h-4 w-4" />,
  podcast: <Mic aria-hidden="true" className="h-4 w-4" />,
  article: <FileText aria-hidden="true" className="h-4 w-4" />,
  app: <AppWindow aria-hidden="true" className="h-4 w-4" />,
};

/** Each type's messages: the card's badge (one of the type), its link ("Visit website") and the list's count. */
const TYPE_KEYS: Record<ResourceType, { one: string; visit: string; count: string }> = {
  website: { one: "resources.type.website", visit: "resources.visit.website", count: "resources.count.website" },
  "youtube channel": {
    one: "resources.type.youtubeChannel",
    visit: "resources.visit.youtubeChannel",
    count: "resources.count.youtubeChannel",
  },
  book: { one: "resources.type.book", visit: "resources.visit.book", count: "resources.count.book" },
  podcast: { one: "resources.type.podcast", visit: "resources.visit.podcast", count: "resources.count.podcast" },
  article: { one: "resources.type.article", visit: "resources.visit.article", count: "resources.count.article" },
  app: { one: "resources.type.app", visit: "resources.visit.app", count: "resources.count.app" },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const url = new URL(request.url);
  const params = url.searchParams;
  const language = languageFromPath(url.pathname);
  const { type, invalid } = parseResourceQuery(params);
  const q = parseListWords(params);
  const [rows, ref] = await Promise.all([
    listResources(db, { type, q: q ?? undefined }),
    loadReferenceData(context.services),
  ]);
  return {
    siteUrl: config.siteUrl,
    type: type ?? null,
    q,
    invalid,
    resources: rows.map((r) => {
      const shown = entryForPage("resource", r, language);
      return {
        id: r.id,
        title: shown.text.title,
        type: r.type,
        author: r.author,
        description: shown.text.description,
        lang: shown.lang,
        url: /^https?:\/\//i.test(r.url) ? r.url : null,
        focus: r.focusAreas
          .map((id) => ({ id, name: ref.focusAreasById.get(id)?.name ?? "" }))
          .filter((f) => f.name.trim() !== ""),
      };
    }),
  };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

/** A type's name in the page's language ("Websites", "Libros"), from the `resourceType` messages. */
function typeLabel(type: ResourceType | null, t: Translate): string | undefined {
  return type ? t(`resourceType.${type}`) : undefined;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  const label = typeLabel(loaderData?.type ?? null, t);
  return pageMeta({
    matches,
    title: label ? t("resources.metaTitleOfType", { type: label }) : t("resources.title"),
    description: t("resources.description"),
    siteUrl: loaderData?.siteUrl,
    path: loaderData?.type ? `/resources?type=${encodeURIComponent(loaderData.type)}` : "/resources",
  });
}

export default function Resources({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const label = typeLabel(d.type, t);
  const tabCls = (active: boolean) =>
    `inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 py-2 text-sm font-medium ${
      active ? "border-leaf-700 bg-leaf-700 text-white" : "border-leaf-200 bg-white text-leaf-900 hover:bg-leaf-50"
    }`;
  return (
    <main id="main">
      <PageIntro
        title={label ? t("resources.titleOfType", { type: label }) : t("resources.title")}
        lead={t("resources.lead")}
      />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <nav aria-label={t("resources.types")}>
          <ul className="flex flex-wrap gap-2">
            <li>
              <AppLink
                to="/resources"
                aria-current={d.type === null ? "page" : undefined}
                className={tabCls(d.type === null)}
              >
                {t("resources.all")}
              </AppLink>
            </li>
            {RESOURCE_TYPES.map((type) => (
              <li key={type.value}>
                <AppLink
                  to={`/resources?type=${encodeURIComponent(type.value)}`}
                  aria-current={d.type === type.value ? "page" : undefined}
                  className={tabCls(d.type === type.value)}
                >
                  {TYPE_ICONS[type.value]}
                  {typeLabel(type.value, t)}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <ListSearch
          action="/resources"
          label={t("resources.searchLabel")}
          q={d.q}
          placeholder={t("resources.searchPlaceholder")}
          keep={{ type: d.type }}
        />
        {d.invalid ? <ListNotice status>{t("resources.invalid")}</ListNotice> : null}

        <section aria-labelledby="resource-list-heading" className="mt-8">
          <h2 id="resource-list-heading" className="text-stone-700">
            {d.type
              ? t(TYPE_KEYS[d.type].count, { count: d.resources.length })
              : t("resources.count.all", { count: d.resources.length })}
          </h2>
          {d.resources.length === 0 ? (
            <div className="mt-4">
              <EmptyState title={d.q ? t("resources.noMatch", { q: d.q }) : t("resources.nothing")}>
                <AppLink to="/resources" className="font-semibold text-leaf-800 underline">
                  {t("resources.seeAll")}
                </AppLink>
              </EmptyState>
            </div>
          ) : (
            <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {d.resources.map((r) => (
                <li key={r.id}>
                  <article className="flex h-full flex-col rounded-xl border border-leaf-100 bg-white p-5 shadow-sm">
                    <p className="inline-flex items-center gap-1.5 text-sm font-medium text-soil-700">
                      {TYPE_ICONS[r.type]}
                      {t(TYPE_KEYS[r.type].one)}
                    </p>
                    <h3 className="mt-2 text-lg font-semibold text-leaf-900">
                      {r.url ? (
                        <a href={r.url} target="_blank" rel="noopener noreferrer" className="hover:underline">
                          <span lang={r.lang.title ?? undefined}>{r.title}</span>
                          <span className="sr-only"> {t("entry.opensInNewTab")}</span>
                        </a>
                      ) : (
                        <span lang={r.lang.title ?? undefined}>{r.title}</span>
                      )}
                    </h3>
                    {r.author ? (
                      <p className="text-sm text-stone-700">{t("resources.by", { author: r.author })}</p>
                    ) : null}
                    <ShownText of={r} field="description" className="mt-3" textClassName="text-sm text-stone-800" />
                    <div className="mt-auto pt-4">
                      <TagList label={t("resources.focusOf", { title: r.title })} tags={r.focus} />
                      {r.url ? (
                        <a
                          href={r.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-leaf-800 underline"
                        >
                          {t(TYPE_KEYS[r.type].visit)}
                          <span className="sr-only">
                            : {r.title} {t("entry.opensInNewTab")}
                          </span>
                          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
                        </a>
                      ) : null}
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}
