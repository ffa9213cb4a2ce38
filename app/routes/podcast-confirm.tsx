import { data } from "react-router";
import { AppLink } from "../components/app-link";
import { LinkAskPage, LinkOutcomePage } from "../components/public/link-page";
import { SITE_NAME } from "../lib/constants";
import { requestTranslate } from "../lib/i18n/messages.server";
import { Trans, useTranslation } from "../lib/i18n/react";
import { LINK_PAGE_HEADERS, type LinkNoLongerWorks, linkNoLongerWorks, linkPageMeta } from "../lib/link-pages";
import { metaTranslate } from "../lib/meta";
import { readFormOrNull } from "../lib/schemas/form.server";
import { checkPodcastConfirmLink, confirmPodcastLink } from "../services/podcast.server";
import type { Route } from "./+types/podcast-confirm";

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

type State =
  | { state: "ready"; token: string; email: string }
  | { state: "confirmed" | "already"; email?: string }
  | { state: "invalid" };

export async function loader({ request, context }: Route.LoaderArgs): Promise<State | LinkNoLongerWorks> {
  const token = new URL(request.url).searchParams.get("token");
  const found = await checkPodcastConfirmLink(context.services, token);
  if (found.outcome === "ready" && token) return { state: "ready", token, email: found.email ?? "" };
  if (found.outcome === "already") return { state: "already", email: found.email };
  return linkNoLongerWorks();
}

/**
 * Confirming takes a press of the button, not just opening the link: mail scanners open every link in a message and
 * would otherwise confirm addresses nobody confirmed (as the newsletter's confirm page).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormOrNull(request, requestTranslate(request).t);
  const token = form?.get("token");
  const outcome = await confirmPodcastLink(context.services, typeof token === "string" ? token : null);
  // 200 said outright: React Router runs the loader after the action, and its answer for the used link (410) would
  // otherwise be the page's status.
  return outcome === "invalid" ? linkNoLongerWorks() : data<State>({ state: outcome }, { status: 200 });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  return linkPageMeta({
    matches,
    title: t("podcast.confirm.title"),
    description: t("podcast.confirm.description", { siteName: SITE_NAME }),
    path: "/podcast/confirm",
  });
}

const LINK = "font-medium text-leaf-700 underline";

export default function PodcastConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const s = actionData ?? loaderData;
  const { t } = useTranslation();
  if (s.state === "ready") {
    return (
      <LinkAskPage
        title={t("podcast.confirm.title")}
        lead={t("podcast.confirm.lead")}
        token={s.token}
        button={t("podcast.confirm.button")}
      >
        <Trans
          i18nKey="podcast.confirm.ask"
          values={{ email: s.email }}
          components={{ email: <strong className="break-all" /> }}
        />
      </LinkAskPage>
    );
  }
  const text =
    s.state === "confirmed"
      ? { title: t("podcast.confirm.confirmedTitle"), lead: t("podcast.confirm.confirmedLead") }
      : s.state === "already"
        ? { title: t("podcast.confirm.alreadyTitle"), lead: t("podcast.confirm.alreadyLead") }
        : { title: t("podcast.confirm.invalidTitle"), lead: t("podcast.confirm.invalidLead") };
  return (
    <LinkOutcomePage title={text.title} lead={text.lead}>
      {s.state === "invalid" ? (
        <Trans
          i18nKey="podcast.confirm.subscribeAgain"
          components={{ anchor: <AppLink to="/podcast" className={LINK} /> }}
        />
      ) : (
        <Trans
          i18nKey="podcast.confirm.meanwhile"
          components={{ anchor: <AppLink to="/podcast" className={LINK} /> }}
        />
      )}
    </LinkOutcomePage>
  );
}
