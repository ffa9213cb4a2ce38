import { LegalPage, legalPageMeta } from "~/components/public/legal-page";
import { languageFromPath } from "../lib/i18n/languages";
import { publicPageHeaders } from "../lib/public-cache";
import { getLegalPageText } from "../services/site/page-texts.server";
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
  return legalPageMeta("privacy", matches, loaderData?.siteUrl);
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage page="privacy" text={loaderData} />;
}
