import { data } from "react-router";
import { getChangeMakerById } from "~/services/change-makers.server";
import { listLocationLinksByIds } from "~/services/locations.server";
import { loadReferenceNames } from "~/services/reference.server";
import { AppLink } from "../components/app-link";
import { ExternalLink, MapPin } from "../components/icons";
import { paragraphs } from "../components/public/format";
import { JsonLd } from "../components/public/json-ld";
import { LastChecked } from "../components/public/last-checked";
import { ResponsivePicture } from "../components/public/picture";
import { PreviewBanner } from "../components/public/preview-banner";
import { ShownInNote } from "../components/public/shown-in-note";
import { TagList } from "../components/public/tag-list";
import { entryForPage } from "../lib/i18n/entry-translations";
import { requestTranslate } from "../lib/i18n/messages.server";
import { useTranslation } from "../lib/i18n/react";
import { isUuid } from "../lib/ids";
import { personJsonLd } from "../lib/jsonld-entries";
import { metaTranslate, pageMeta, siteNameFrom } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { countryLabel } from "../lib/reference-names";
import { locationPath } from "../lib/slug";
import { canPreviewEntries, PREVIEW_HEADERS } from "../services/entry-preview.server";
import { resolvePicture } from "../services/stored-image.server";
import type { Route } from "./+types/change-maker";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, config, logger } = context.services;
  const { t, lang } = requestTranslate(request);
  if (!isUuid(params.id)) throw data(t("changeMaker.notFound"), { status: 404 });
  const found = await getChangeMakerById(db, params.id);
  // Published profiles for everyone; staff also see an unpublished one, marked as a preview.
  const c = found && (found.status === "published" || (await canPreviewEntries(request, context))) ? found : null;
  if (!c) throw data(t("changeMaker.notFound"), { status: 404 });
  const [related, ref, picture] = await Promise.all([
    listLocationLinksByIds(db, c.relatedLocationIds),
    loadReferenceNames(context.services, lang),
    resolvePicture(db, context.services.storage?.bucket, { original: c.photoUrl, webp: c.webpPhotoUrl }, (err) =>
      logger.warn({ err }, "photo lookup failed; showing the stored URLs"),
    ),
  ]);
  const preview = c.status === "published" ? null : c.status;
  // The page's language decides which translation, if any, each text is shown in.
  const shown = entryForPage("change-maker", c, lang);
  return data(
    {
      siteUrl: config.siteUrl,
      preview,
      editPath: `/admin/dashboard/change-makers/edit/${c.id}`,
      person: {
        id: c.id,
        path: `/change-makers/${c.id}`,
        name: c.name,
        role: shown.text.role,
        bio: shown.text.bio,
        lang: shown.lang,
        shownIn: shown.note,
        country: countryLabel(c.country, lang),
        photo: c.photoUrl,
        webp: picture.webp,
        webpSrcSet: picture.srcSet,
        // Portraits from the media library keep their own shape; demo photos are 960 × 600.
        width: picture.width ?? undefined,
        height: picture.height ?? undefined,
        links: c.links.filter((l) => /^https?:\/\//i.test(l.url)),
        focus: c.focusAreas
          .map((id) => ({ id, name: ref.focusAreasById.get(id)?.name ?? "" }))
          .filter((f) => f.name.trim() !== ""),
        checkedAt: c.checkedAt.toISOString(),
      },
      related: related.map((l) => ({
        id: l.id,
        name: l.name,
        path: locationPath(l.name),
        place: [l.contactCity, countryLabel(l.country, lang)].filter(Boolean).join(", "),
      })),
    },
    preview ? { headers: PREVIEW_HEADERS } : undefined,
  );
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
  const { t } = useTranslation();
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
            <div className="overflow-hidden rounded-xl shadow">
              <ResponsivePicture
                webp={p.webpSrcSet}
                fallback={p.photo}
                alt={t("changeMaker.portrait", { name: p.name })}
                width={p.width}
                height={p.height}
                eager
              />
            </div>
          </div>
          <div className="md:col-span-3">
            <h1 className="text-3xl font-bold tracking-tight text-leaf-900 sm:text-4xl">{p.name}</h1>
            <p className="mt-2 text-lg text-stone-800" lang={p.lang.role ?? undefined}>
              {p.role}
            </p>
            {p.country ? (
              <p className="mt-1 flex items-center gap-1 text-stone-700">
                <MapPin aria-hidden="true" className="h-4 w-4 text-leaf-700" />
                {p.country}
              </p>
            ) : null}
            <ShownInNote note={p.shownIn} className="mt-2 text-stone-700" />
            <div className="mt-6 space-y-4 text-lg leading-relaxed text-stone-800" lang={p.lang.bio ?? undefined}>
              {paragraphs(p.bio).map((para, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, never reordered
                <p key={i}>{para}</p>
              ))}
            </div>
          </div>
        </div>

        <div className="mt-10 grid gap-8 md:grid-cols-3">
          {p.focus.length > 0 ? (
            <section aria-labelledby="focus-heading">
              <h2 id="focus-heading" className="text-xl font-semibold text-leaf-900">
                {t("changeMaker.focus")}
              </h2>
              <div className="mt-3">
                <TagList
                  label={t("changeMaker.focus")}
                  tags={p.focus}
                  linkTo={(t) => (t.id ? `/locations?focus=${t.id}` : undefined)}
                />
              </div>
            </section>
          ) : null}
          {related.length > 0 ? (
            <section aria-labelledby="places-heading">
              <h2 id="places-heading" className="text-xl font-semibold text-leaf-900">
                {t("changeMaker.worksAt", { name: p.name.split(" ")[0] ?? p.name })}
              </h2>
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
            </section>
          ) : null}
          {p.links.length > 0 ? (
            <section aria-labelledby="links-heading">
              <h2 id="links-heading" className="text-xl font-semibold text-leaf-900">
                {t("changeMaker.links")}
              </h2>
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
            </section>
          ) : null}
        </div>
        <LastChecked at={p.checkedAt} className="mt-10" correctHref={`/suggest-a-correction/change-maker/${p.id}`} />
      </article>
    </main>
  );
}
