import { ConfirmLinkPage } from "../components/public/subscription-link-pages";
import { LINK_PAGE_HEADERS, linkPageMetaOf } from "../lib/link-pages";
import { confirmLinkAction, confirmLinkLoader } from "../server-lib/link-pages.server";
import { checkPodcastConfirmLink, confirmPodcastLink } from "../services/newsletter/podcast.server";
import type { Route } from "./+types/podcast-confirm";

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export function loader({ request, context }: Route.LoaderArgs) {
  return confirmLinkLoader(request, (token) => checkPodcastConfirmLink(context.services, token));
}

/** Confirms on the button's press only, as the newsletter's confirm page (mail scanners open every link). */
export function action({ request, context }: Route.ActionArgs) {
  return confirmLinkAction(request, (token) => confirmPodcastLink(context.services, token));
}

const PAGE = {
  path: "/podcast/confirm",
  description: "podcast.confirm.description",
  title: "podcast.confirm.title",
  lead: "podcast.confirm.lead",
  button: "podcast.confirm.button",
  ask: "podcast.confirm.ask",
  confirmedTitle: "podcast.confirm.confirmedTitle",
  confirmedLead: "podcast.confirm.confirmedLead",
  alreadyTitle: "podcast.confirm.alreadyTitle",
  alreadyLead: "podcast.confirm.alreadyLead",
  invalidTitle: "podcast.confirm.invalidTitle",
  invalidLead: "podcast.confirm.invalidLead",
  subscribeAgain: "podcast.confirm.subscribeAgain",
  subscribeHref: "/podcast",
  meanwhile: "podcast.confirm.meanwhile",
  meanwhileHref: "/podcast",
};

export function meta({ matches }: Route.MetaArgs) {
  return linkPageMetaOf(matches, PAGE);
}

export default function PodcastConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmLinkPage state={actionData ?? loaderData} texts={PAGE} />;
}
