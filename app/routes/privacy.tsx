import { useLanguage } from "~/lib/i18n/react";
import { formatDate } from "../components/public/format";
import { PageIntro } from "../components/public/page-intro";
import { ProseHtml } from "../components/public/prose";
import { ShownInNote } from "../components/public/shown-in-note";
import { pageTextLanguage } from "../lib/i18n/entry-translations";
import { languageFromPath } from "../lib/i18n/languages";
import { pageMeta, siteNameFrom } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { getPublicPageTexts } from "../services/page-texts.server";
import type { Route } from "./+types/privacy";

export async function loader({ context, request }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const texts = (await getPublicPageTexts(context.services, language)).privacy;
  // The page's words, written in the admin's Pages section; "Last updated" is the date of the last saved revision.
  return {
    siteUrl: context.services.config.siteUrl,
    lead: texts.lead,
    html: texts.html,
    updatedAt: texts.updatedAt,
    ...pageTextLanguage(texts.language, language),
  };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: "Privacy Policy",
    description: `What personal data the ${siteNameFrom(matches)} stores (newsletter and podcast e-mails, applications), why, for how long, who sees it and how to have it removed.`,
    siteUrl: loaderData?.siteUrl,
    path: "/privacy",
  });
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const pageLang = useLanguage();
  const { lead, html, updatedAt, lang, note } = loaderData;
  return (
    <main id="main">
      <PageIntro title="Privacy Policy" lead={lead}>
        <p className="mt-3 text-sm text-stone-600">
          Last updated <time dateTime={updatedAt.slice(0, 10)}>{formatDate(updatedAt, pageLang)}</time>
        </p>
      </PageIntro>
      {lang ? (
        <>
          <div className="mx-auto max-w-3xl px-4 pt-6">
            <ShownInNote note={note} className="text-stone-700" />
          </div>
          <div lang={lang}>
            <ProseHtml html={html} />
          </div>
        </>
      ) : (
        <ProseHtml html={html} />
      )}
    </main>
  );
}
