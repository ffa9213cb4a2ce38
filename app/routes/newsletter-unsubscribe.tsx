import { UnsubscribeLinkPage } from "../components/public/subscription-link-pages";
import { LINK_PAGE_HEADERS, linkPageMetaOf } from "../lib/link-pages";
import { unsubscribeLinkAction, unsubscribeLinkLoader } from "../server-lib/link-pages.server";
import { checkUnsubscribeLink, unsubscribeByLink } from "../services/newsletter/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export function loader({ request, context }: Route.LoaderArgs) {
  return unsubscribeLinkLoader(request, (token) => checkUnsubscribeLink(context.services, token));
}

/** The page's button, or a mail client's one-click unsubscribe (RFC 8058). */
export function action({ request, context }: Route.ActionArgs) {
  return unsubscribeLinkAction(request, (token) => unsubscribeByLink(context.services, token));
}

const PAGE = {
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
};

export function meta({ matches }: Route.MetaArgs) {
  return linkPageMetaOf(matches, PAGE);
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribeLinkPage state={actionData ?? loaderData} texts={PAGE} />;
}
