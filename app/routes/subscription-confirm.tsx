import { useLocation } from "react-router";
import { ConfirmLinkPage } from "~/components/public/subscription-link-pages";
import { LINK_PAGE_HEADERS, linkPageMetaOf, subscriptionListOf } from "~/lib/link-pages";
import { confirmLinkAction, confirmLinkLoader } from "~/server-lib/link-pages.server";
import { checkConfirmLink, confirmByLink } from "~/services/newsletter/subscription-links.server";
import type { Route } from "./+types/subscription-confirm";

/** A mailing list's confirmation page (`/newsletter/confirm`, `/podcast/confirm`): the link in the sign-up message. */

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export function loader({ request, context }: Route.LoaderArgs) {
  const list = subscriptionListOf(new URL(request.url).pathname);
  return confirmLinkLoader(request, (token) => checkConfirmLink(context.services, list, token));
}

/** Confirms on the button's press only: mail scanners open every link in a message. */
export function action({ request, context }: Route.ActionArgs) {
  const list = subscriptionListOf(new URL(request.url).pathname);
  return confirmLinkAction(request, (token) => confirmByLink(context.services, list, token));
}

const PAGES = {
  newsletter: {
    path: "/newsletter/confirm",
    description: "newsletterPage.confirm.description",
    title: "newsletterPage.confirm.title",
    lead: "newsletterPage.confirm.lead",
    button: "newsletterPage.confirm.button",
    ask: "newsletterPage.confirm.ask",
    confirmedTitle: "newsletterPage.confirm.confirmedTitle",
    confirmedLead: "newsletterPage.confirm.confirmedLead",
    alreadyTitle: "newsletterPage.confirm.alreadyTitle",
    alreadyLead: "newsletterPage.confirm.alreadyLead",
    invalidTitle: "newsletterPage.confirm.invalidTitle",
    invalidLead: "newsletterPage.confirm.invalidLead",
    subscribeAgain: "newsletterPage.confirm.subscribeAgain",
    subscribeHref: "/newsletter",
    meanwhile: "newsletterPage.confirm.meanwhile",
    meanwhileHref: "/map",
  },
  podcast: {
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
  },
};

export function meta({ matches, location }: Route.MetaArgs) {
  return linkPageMetaOf(matches, PAGES[subscriptionListOf(location.pathname)]);
}

export default function SubscriptionConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const texts = PAGES[subscriptionListOf(useLocation().pathname)];
  return <ConfirmLinkPage state={actionData ?? loaderData} texts={texts} />;
}
