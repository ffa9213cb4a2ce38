import { useLanguage } from "~/lib/i18n/react";
import { formatDate } from "../components/public/format";
import { PageIntro } from "../components/public/page-intro";
import { ProseHtml } from "../components/public/prose";
import { pageMeta, siteNameFrom } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { getPublicPageTexts } from "../services/page-texts.server";
import type { Route } from "./+types/privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const texts = (await getPublicPageTexts(context.services)).privacy;
  // The page's words, written in the admin's Pages section; "Last updated" is the date of the last saved revision.
  return { siteUrl: context.services.config.siteUrl, lead: texts.lead, html: texts.html, updatedAt: texts.updatedAt };
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
  const lang = useLanguage();
  const { lead, html, updatedAt } = loaderData;
  return (
    <main id="main">
      <PageIntro title="Privacy Policy" lead={lead}>
        <p className="mt-3 text-sm text-stone-600">
          Last updated <time dateTime={updatedAt.slice(0, 10)}>{formatDate(updatedAt, lang)}</time>
        </p>
      </PageIntro>
      <ProseHtml html={html} />
    </main>
  );
}
