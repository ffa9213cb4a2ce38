import { LegalPage, legalPageMeta } from "~/components/public/legal-page";
import { languageFromPath } from "../lib/i18n/languages";
import { publicPageHeaders } from "../lib/public-cache";
import { getLegalPageText } from "../services/site/page-texts.server";
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
  return legalPageMeta("terms", matches, loaderData?.siteUrl);
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage page="terms" text={loaderData} />;
}
