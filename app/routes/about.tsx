import { countChangeMakers, countLocations, listPrograms } from "~/services/entries/reads.server";
import { PageIntro } from "../components/public/page-intro";
import { PageTextBody } from "../components/public/prose";
import { ShownInNote } from "../components/public/shown-in-note";
import { pageTextLanguage } from "../lib/i18n/entry-translations";
import { languageFromPath } from "../lib/i18n/languages";
import { useTranslation } from "../lib/i18n/react";
import { messagePageMetaFor } from "../lib/meta";
import { formatInteger } from "../lib/numbers";
import { publicPageHeaders } from "../lib/public-cache";
import { getPublicPageTexts } from "../services/site/page-texts.server";
import type { Route } from "./+types/about";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const language = languageFromPath(new URL(request.url).pathname);
  const [locations, people, programs, texts] = await Promise.all([
    countLocations(db),
    countChangeMakers(db),
    listPrograms(db).catch(() => []),
    getPublicPageTexts(context.services, language),
  ]);
  return {
    siteUrl: config.siteUrl,
    // The page's words, written in the admin's Pages section.
    lead: texts.about.lead,
    leadLang: pageTextLanguage(texts.about.leadLanguage, language).lang,
    html: texts.about.html,
    ...pageTextLanguage(texts.about.language, language),
    stats: { locations, people, programs: programs.length },
  };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta = messagePageMetaFor({
  title: "legal.aboutTitle",
  description: "legal.aboutDescription",
  path: "/about",
});

export default function About({ loaderData }: Route.ComponentProps) {
  const { stats, lead, leadLang, html, lang, note } = loaderData;
  const { t, lang: pageLang } = useTranslation();
  return (
    <main id="main">
      <PageIntro
        title={t("legal.aboutTitle")}
        lead={lead}
        leadLang={leadLang}
        leadNote={<ShownInNote note={leadLang} className="mb-1 text-stone-700" />}
      />
      <div className="mx-auto max-w-6xl px-4 pt-8">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {[
            { label: t("legal.statLocations"), value: stats.locations },
            { label: t("legal.statPrograms"), value: stats.programs },
            { label: t("legal.statChangeMakers"), value: stats.people },
          ].map((s) => (
            <div key={s.label} className="rounded-xl border border-leaf-100 bg-white p-4 text-center shadow-sm">
              <dt className="text-sm text-stone-700">{s.label}</dt>
              <dd className="text-3xl font-bold text-leaf-800">{formatInteger(s.value, pageLang)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <PageTextBody html={html} lang={lang} note={note} />
    </main>
  );
}
