import { LegalPage } from "~/components/public/legal-page";
import { languageFromPath } from "../lib/i18n/languages";
import { useTranslation } from "../lib/i18n/react";
import { metaTranslate, pageMeta, siteNameFrom } from "../lib/meta";
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
  const t = metaTranslate(matches);
  return pageMeta({
    matches,
    title: t("legal.privacyTitle"),
    description: t("legal.privacyDescription", { siteName: siteNameFrom(matches) }),
    siteUrl: loaderData?.siteUrl,
    path: "/privacy",
  });
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <LegalPage title={t("legal.privacyTitle")} text={loaderData} />;
}
