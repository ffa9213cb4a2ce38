import type { ReactNode } from "react";
import { AppLink } from "../components/app-link";
import { PageIntro } from "../components/public/page-intro";
import { languageFromPath } from "../lib/i18n/languages";
import { useTranslation } from "../lib/i18n/react";
import { metaTranslate, pageMeta } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { openDataPage } from "../services/open-data/open-data-page.server";
import type { Route } from "./+types/open-data";

/**
 * Open data for people (issue 39, decision 071): the dumps with their sizes and date, the feeds, the licence and
 * how to credit, and how to keep a copy current. The files themselves are served by the server at /data/<file>.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return openDataPage(context.services, languageFromPath(new URL(request.url).pathname));
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  return pageMeta({
    matches,
    title: t("openData.title"),
    description: t("openData.lead"),
    siteUrl: loaderData?.siteUrl,
    path: "/open-data",
  });
}

/** What each file holds, in the page's language (keys written out: the message checks read them literally). */
const KIND_LABELS = {
  places: "openData.kindPlaces",
  programs: "openData.kindPrograms",
  "change-makers": "openData.kindChangeMakers",
  resources: "openData.kindResources",
  package: "openData.kindPackage",
} as const;

const API_LINKS = [
  { href: "/api/v1/places", label: null },
  { href: "/api/v1/docs", label: "openData.apiDocs" },
  { href: "/api/v1/openapi.json", label: "openData.apiDescription" },
] as const;

const FEEDS = [
  { href: "/locations.geojson", label: "openData.feedPlaces" },
  { href: "/programs.ics", label: "openData.feedPrograms" },
  { href: "/podcast.xml", label: "openData.feedPodcast" },
] as const;

const SECTION = "mx-auto max-w-3xl px-4 py-8";
const HEADING = "text-2xl font-semibold text-leaf-900";
const LINK = "font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-950";

/** One part of the page under its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={SECTION}>
      <h2 id={id} className={HEADING}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function OpenData({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { files, generated, licence, attribution, siteUrl } = loaderData;
  return (
    <main id="main">
      <PageIntro title={t("openData.title")} lead={t("openData.lead")} />
      <Section id="downloads" title={t("openData.downloadsTitle")}>
        <p className="mt-3 text-stone-700">{t("openData.downloadsIntro")}</p>
        {generated ? (
          <>
            <p className="mt-2 text-stone-700">
              {t("openData.generated")} <time dateTime={generated.iso}>{generated.text}</time>
            </p>
            <ul className="mt-5 divide-y divide-leaf-100 rounded-xl border border-leaf-100 bg-white">
              {files.map((f) => (
                <li key={f.name} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
                  <span className="min-w-0">
                    <a href={f.href} className={`${LINK} break-all`} download>
                      {f.name}
                    </a>
                    <span className="block text-sm text-stone-700">
                      {t(KIND_LABELS[f.kind])} · {f.format}
                      {f.rows !== null ? ` · ${t("openData.rows", { count: f.rows })}` : ""}
                    </span>
                  </span>
                  <span className="text-sm text-stone-700">
                    {t("openData.size", { size: f.size, gzipSize: f.gzipSize })}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p role="status" className="mt-4 rounded-md bg-soil-100 px-4 py-2 text-soil-900">
            {t("openData.preparing")}
          </p>
        )}
      </Section>
      <Section id="api" title={t("openData.apiTitle")}>
        <p className="mt-3 text-stone-700">{t("openData.apiIntro")}</p>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-stone-700">
          {API_LINKS.map((l) => (
            <li key={l.href}>
              <a href={l.href} className={`${LINK} break-all`}>
                {l.href}
              </a>
              {l.label ? ` (${t(l.label)})` : null}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-stone-700">{t("openData.ogcText")}</p>
        <p className="mt-2 rounded-md bg-leaf-50 px-4 py-3 font-mono text-sm break-all text-leaf-900">{siteUrl}/ogc</p>
      </Section>
      <Section id="feeds" title={t("openData.feedsTitle")}>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-stone-700">
          {FEEDS.map((f) => (
            <li key={f.href}>
              <a href={f.href} className={LINK}>
                {f.href}
              </a>{" "}
              {t(f.label)}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="licence" title={t("openData.licenceTitle")}>
        <p className="mt-3 text-stone-700">
          {t("openData.licenceText")}{" "}
          <a href={licence.url} className={LINK} rel="license">
            {licence.name}
          </a>
        </p>
        <p className="mt-3 text-stone-700">{t("openData.attributionText")}</p>
        <p className="mt-2 rounded-md bg-leaf-50 px-4 py-3 font-medium text-leaf-900">
          {attribution}, <span className="break-all">{siteUrl}</span>
        </p>
        <p className="mt-3 text-stone-700">
          {t("openData.termsText")}{" "}
          <AppLink to="/terms" className={LINK}>
            {t("footer.terms")}
          </AppLink>
        </p>
      </Section>
      <Section id="mirror" title={t("openData.mirrorTitle")}>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-stone-700">
          <li>{t("openData.mirrorDownload")}</li>
          <li>{t("openData.mirrorCheck")}</li>
          <li>{t("openData.mirrorPoll")}</li>
          <li>{t("openData.mirrorResume")}</li>
          <li>{t("openData.mirrorChanges")}</li>
        </ol>
        <pre className="mt-4 rounded-md bg-stone-900 p-4 text-sm break-all whitespace-pre-wrap text-stone-50">
          <code>{`curl -O ${siteUrl}/data/datapackage.json
curl -O -C - ${siteUrl}/data/places.csv
sha256sum places.csv
SINCE=$(date -u -d '1 day ago' +%Y-%m-%dT%H:%M:%SZ)
curl "${siteUrl}/api/v1/places?updated_since=$SINCE"`}</code>
        </pre>
      </Section>
    </main>
  );
}
