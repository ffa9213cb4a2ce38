import { useLocation } from "react-router";
import { UnsubscribeLinkPage } from "~/components/public/subscription-link-pages";
import { LINK_PAGE_HEADERS, linkPageMetaOf, subscriptionListOf } from "~/lib/link-pages";
import { unsubscribeLinkAction, unsubscribeLinkLoader } from "~/server-lib/link-pages.server";
import { checkUnsubscribeLink, unsubscribeByLink } from "~/services/newsletter/subscription-links.server";
import type { Route } from "./+types/subscription-unsubscribe";

/** A mailing list's unsubscribe page (`/newsletter/unsubscribe`, `/podcast/unsubscribe`): the link in every message. */

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export function loader({ request, context }: Route.LoaderArgs) {
  const list = subscriptionListOf(new URL(request.url).pathname);
  return unsubscribeLinkLoader(request, (token) => checkUnsubscribeLink(context.services, list, token));
}

/** The page's button, or a mail client's one-click unsubscribe (RFC 8058). */
export function action({ request, context }: Route.ActionArgs) {
  const list = subscriptionListOf(new URL(request.url).pathname);
  return unsubscribeLinkAction(request, (token) => unsubscribeByLink(context.services, list, token));
}

const PAGES = {
  newsletter: {
    path: "/newsletter/unsubscribe",
    title: "newsletterPage.unsubscribe.title",
    description: "newsletterPage.unsubscribe.description",
    button: "newsletterPage.unsubscribe.button",
    ask: "newsletterPage.unsubscribe.ask",
    doneTitle: "newsletterPage.unsubscribe.doneTitle",
    doneLeadEmail: "newsletterPage.unsubscribe.doneLeadEmail",
    doneLead: "newsletterPage.unsubscribe.doneLead",
    changedMind: "newsletterPage.unsubscribe.changedMind",
    subscribeHref: "/newsletter",
    invalidTitle: "newsletterPage.unsubscribe.invalidTitle",
    invalidLead: "newsletterPage.unsubscribe.invalidLead",
    invalidHelp: "newsletterPage.unsubscribe.invalidHelp",
    helpHref: "/about",
  },
  podcast: {
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
  },
};

export function meta({ matches, location }: Route.MetaArgs) {
  return linkPageMetaOf(matches, PAGES[subscriptionListOf(location.pathname)]);
}

export default function SubscriptionUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const texts = PAGES[subscriptionListOf(useLocation().pathname)];
  return <UnsubscribeLinkPage state={actionData ?? loaderData} texts={texts} />;
}
