import { data } from "react-router";
import { paragraphs } from "~/lib/format";
import { loadChangeMakerPage } from "~/services/entries/entry-pages.server";
import { AppLink } from "../components/app-link";
import { ExternalLink, MapPin } from "../components/icons";
import { EntryFocus, EntrySection, EntryText } from "../components/public/entry-sections";
import { IconFact } from "../components/public/icon-fact";
import { JsonLd } from "../components/public/json-ld";
import { LastChecked } from "../components/public/last-checked";
import { EntryFigure, pictureWords } from "../components/public/picture";
import { PreviewBanner } from "../components/public/preview-banner";
import { ShownText } from "../components/public/shown-in-note";
import { useTranslation } from "../lib/i18n/react";
import { personJsonLd } from "../lib/jsonld-entries";
import { metaTranslate, pageMeta, siteNameFrom } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { requestTranslate } from "../server-lib/messages.server";
import { canPreviewEntries, PREVIEW_HEADERS } from "../services/entries/entry-preview.server";
import type { Route } from "./+types/change-maker";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { t, lang } = requestTranslate(request);
  const answer = await loadChangeMakerPage(context.services, params.id, {
    lang,
    t,
    canPreview: () => canPreviewEntries(context.services, request),
  });
  if (answer.kind === "missing") throw data(t("changeMaker.notFound"), { status: 404 });
  return data(answer.page, answer.page.preview ? { headers: PREVIEW_HEADERS } : undefined);
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${metaTranslate(matches)("changeMaker.notFound")} | ${siteNameFrom(matches)}` }];
  const { person, siteUrl } = loaderData;
  return pageMeta({
    matches,
    title: person.name,
    description: `${person.name}: ${person.role}${person.country ? `, ${person.country}` : ""}.`,
    siteUrl,
    path: person.path,
    image: person.webp ?? person.photo,
  });
}

export default function ChangeMakerPage({ loaderData }: Route.ComponentProps) {
  const { person: p, related, siteUrl, preview, editPath } = loaderData;
  const { t, lang } = useTranslation();
  // The media library's alt text and caption for the portrait; without an alt text it is named as the portrait.
  const picture = pictureWords(p.photoAlt, p.photoCaption, t("changeMaker.portrait", { name: p.name }), lang);
  const jsonLd = personJsonLd({
    siteUrl,
    path: p.path,
    name: p.name,
    jobTitle: p.role,
    description: paragraphs(p.bio)[0] ?? "",
    country: p.country,
    image: p.webp ?? p.photo,
    sameAs: p.links.map((l) => l.url),
    knowsAbout: p.focus.map((f) => f.name),
    affiliations: related.map((r) => ({ name: r.name, path: r.path })),
  });
  return (
    <main id="main">
      <JsonLd data={jsonLd} />
      <article className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
        {preview ? <PreviewBanner status={preview} editPath={editPath} /> : null}
        <nav aria-label={t("entry.breadcrumb")} className="text-sm text-stone-700">
          <AppLink to="/change-makers" className="underline">
            {t("nav.changeMakers")}
          </AppLink>
          <span aria-hidden="true"> / </span>
          <span aria-current="page">{p.name}</span>
        </nav>
        <div className="mt-6 grid gap-8 md:grid-cols-5">
          <div className="md:col-span-2">
            <EntryFigure
              image={{ webp: p.webpSrcSet, fallback: p.photo, width: p.width, height: p.height }}
              words={picture}
              frame="shadow"
              captionClassName="text-stone-700"
            />
          </div>
          <div className="md:col-span-3">
            <h1 className="text-3xl font-bold tracking-tight text-leaf-900 sm:text-4xl">{p.name}</h1>
            {p.country ? (
              <IconFact icon={MapPin} className="mt-1 flex items-center gap-1 text-stone-700">
                {p.country}
              </IconFact>
            ) : null}
            <ShownText of={p} field="role" className="mt-3" textClassName="text-lg text-stone-800" />
            <div className="mt-6">
              {/* Right after a role in the same language, the role's note covers the biography too. */}
              <EntryText text={p.bio} lang={p.lang.bio} note={p.lang.bio === p.lang.role ? null : p.lang.bio} />
            </div>
          </div>
        </div>

        <div className="mt-10 grid gap-8 md:grid-cols-3">
          <EntryFocus title={t("changeMaker.focus")} tags={p.focus} list="/locations" />
          {related.length > 0 ? (
            <EntrySection id="places" title={t("changeMaker.worksAt", { name: p.name.split(" ")[0] ?? p.name })}>
              <ul className="mt-3 space-y-2">
                {related.map((r) => (
                  <li key={r.id}>
                    <AppLink to={r.path} className="font-medium text-leaf-800 underline">
                      {r.name}
                    </AppLink>
                    {r.place ? <span className="block text-sm text-stone-700">{r.place}</span> : null}
                  </li>
                ))}
              </ul>
            </EntrySection>
          ) : null}
          {p.links.length > 0 ? (
            <EntrySection id="links" title={t("changeMaker.links")}>
              <ul className="mt-3 space-y-2">
                {p.links.map((l) => (
                  <li key={l.url}>
                    <a
                      href={l.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 text-leaf-800 underline"
                    >
                      {l.label || l.url}
                      <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
                      <span className="sr-only">{t("entry.opensInNewTab")}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </EntrySection>
          ) : null}
        </div>
        <LastChecked at={p.checkedAt} className="mt-10" correctHref={`/suggest-a-correction/change-maker/${p.id}`} />
      </article>
    </main>
  );
}
