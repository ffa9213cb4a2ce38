import { LegalPage } from "~/components/public/legal-page";
import { languageFromPath } from "../lib/i18n/languages";
import { pageMeta, siteNameFrom } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { getLegalPageText } from "../services/page-texts.server";
import type { Route } from "./+types/terms";

export async function loader({ context, request }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  return {
    siteUrl: context.services.config.siteUrl,
    ...(await getLegalPageText(context.services, "terms", language)),
  };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: "Terms of Use",
    description: `The terms for using the ${siteNameFrom(matches)} directory, applying to be listed, subscribing, and reusing our open data.`,
    siteUrl: loaderData?.siteUrl,
    path: "/terms",
  });
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage title="Terms of Use" text={loaderData} />;
}
