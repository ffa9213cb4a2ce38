import { LegalPage } from "~/components/public/legal-page";
import { languageFromPath } from "../lib/i18n/languages";
import { pageMeta, siteNameFrom } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { getLegalPageText } from "../services/page-texts.server";
import type { Route } from "./+types/privacy";

export async function loader({ context, request }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  return {
    siteUrl: context.services.config.siteUrl,
    ...(await getLegalPageText(context.services, "privacy", language)),
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
  return <LegalPage title="Privacy Policy" text={loaderData} />;
}
