import { data } from "react-router";
import { AppLink } from "../components/app-link";
import { LinkAskPage, LinkOutcomePage } from "../components/public/link-page";
import { SITE_NAME } from "../lib/constants";
import { requestTranslate } from "../lib/i18n/messages.server";
import { Trans, useTranslation } from "../lib/i18n/react";
import { LINK_PAGE_HEADERS, type LinkNoLongerWorks, linkNoLongerWorks, linkPageMeta } from "../lib/link-pages";
import { metaTranslate } from "../lib/meta";
import { readFormOrNull } from "../lib/schemas/form.server";
import { checkPodcastUnsubscribeLink, unsubscribePodcastByLink } from "../services/podcast.server";
import type { Route } from "./+types/podcast-unsubscribe";

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

type State = { state: "ask"; token: string; email: string } | { state: "unsubscribed"; email?: string };

export async function loader({ request, context }: Route.LoaderArgs): Promise<State | LinkNoLongerWorks> {
  const token = new URL(request.url).searchParams.get("token");
  const found = await checkPodcastUnsubscribeLink(context.services, token);
  if (!found || !token) return linkNoLongerWorks();
  // A genuine link whose subscription is gone: unsubscribed already (the mail client's one-click, or the button).
  return found === "gone" ? { state: "unsubscribed" } : { state: "ask", token, email: found.email };
}

/**
 * Unsubscribes: the page's button, or a mail client's one-click unsubscribe (RFC 8058: a POST to the message's
 * List-Unsubscribe address with `List-Unsubscribe=One-Click`, which the cross-site guard lets through on this page).
 * The token comes from the address or the form; no sign-in: the signed token is the authority.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fromUrl = new URL(request.url).searchParams.get("token");
  const form = await readFormOrNull(request, requestTranslate(request).t);
  const fromForm = form?.get("token");
  const token = typeof fromForm === "string" && fromForm ? fromForm : fromUrl;
  const done = await unsubscribePodcastByLink(context.services, token);
  if (done.outcome === "invalid") return linkNoLongerWorks();
  // 200 said outright: React Router runs the loader after the action, and its answer must not be the page's status.
  return data<State>({ state: "unsubscribed", email: done.email }, { status: 200 });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  return linkPageMeta({
    matches,
    title: t("podcast.unsubscribe.title"),
    description: t("podcast.unsubscribe.description", { siteName: SITE_NAME }),
    path: "/podcast/unsubscribe",
  });
}

const LINK = "font-medium text-leaf-700 underline";

export default function PodcastUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const s = actionData ?? loaderData;
  const { t } = useTranslation();
  if (s.state === "ask") {
    return (
      <LinkAskPage
        title={t("podcast.unsubscribe.title")}
        lead={t("podcast.unsubscribe.description", { siteName: SITE_NAME })}
        token={s.token}
        button={t("podcast.unsubscribe.button")}
      >
        <Trans
          i18nKey="podcast.unsubscribe.ask"
          values={{ email: s.email }}
          components={{ email: <strong className="break-all" /> }}
        />
      </LinkAskPage>
    );
  }
  if (s.state === "unsubscribed") {
    return (
      <LinkOutcomePage
        title={t("podcast.unsubscribe.doneTitle")}
        lead={s.email ? t("podcast.unsubscribe.doneLeadEmail", { email: s.email }) : t("podcast.unsubscribe.doneLead")}
      >
        <Trans
          i18nKey="podcast.unsubscribe.changedMind"
          components={{ anchor: <AppLink to="/podcast" className={LINK} /> }}
        />
      </LinkOutcomePage>
    );
  }
  return (
    <LinkOutcomePage title={t("podcast.unsubscribe.invalidTitle")} lead={t("podcast.unsubscribe.invalidLead")}>
      {t("podcast.unsubscribe.invalidHelp")}
    </LinkOutcomePage>
  );
}
