import { UnsubscribeLinkPage } from "../components/public/subscription-link-pages";
import { LINK_PAGE_HEADERS, linkPageMetaOf } from "../lib/link-pages";
import { unsubscribeLinkAction, unsubscribeLinkLoader } from "../server-lib/link-pages.server";
import { checkPodcastUnsubscribeLink, unsubscribePodcastByLink } from "../services/newsletter/podcast.server";
import type { Route } from "./+types/podcast-unsubscribe";

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export function loader({ request, context }: Route.LoaderArgs) {
  return unsubscribeLinkLoader(request, (token) => checkPodcastUnsubscribeLink(context.services, token));
}

/** The page's button, or a mail client's one-click unsubscribe: the subscription is deleted. */
export function action({ request, context }: Route.ActionArgs) {
  return unsubscribeLinkAction(request, (token) => unsubscribePodcastByLink(context.services, token));
}

const PAGE = {
  path: "/podcast/unsubscribe",
  title: "podcast.unsubscribe.title",
  description: "podcast.unsubscribe.description",
  button: "podcast.unsubscribe.button",
  ask: "podcast.unsubscribe.ask",
  doneTitle: "podcast.unsubscribe.doneTitle",
  doneLeadEmail: "podcast.unsubscribe.doneLeadEmail",
  doneLead: "podcast.unsubscribe.doneLead",
  changedMind: "podcast.unsubscribe.changedMind",
  subscribeHref: "/podcast",
  invalidTitle: "podcast.unsubscribe.invalidTitle",
  invalidLead: "podcast.unsubscribe.invalidLead",
  invalidHelp: "podcast.unsubscribe.invalidHelp",
};

export function meta({ matches }: Route.MetaArgs) {
  return linkPageMetaOf(matches, PAGE);
}

export default function PodcastUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribeLinkPage state={actionData ?? loaderData} texts={PAGE} />;
}
