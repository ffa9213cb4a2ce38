import { ConfirmLinkPage } from "../components/public/subscription-link-pages";
import { LINK_PAGE_HEADERS, linkPageMetaOf } from "../lib/link-pages";
import { confirmLinkAction, confirmLinkLoader } from "../server-lib/link-pages.server";
import { checkConfirmLink, confirmNewsletterLink } from "../services/newsletter/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export function loader({ request, context }: Route.LoaderArgs) {
  return confirmLinkLoader(request, (token) => checkConfirmLink(context.services, token));
}

/** Confirms on the button's press only: mail scanners open every link in a message. */
export function action({ request, context }: Route.ActionArgs) {
  return confirmLinkAction(request, (token) => confirmNewsletterLink(context.services, token));
}

const PAGE = {
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
};

export function meta({ matches }: Route.MetaArgs) {
  return linkPageMetaOf(matches, PAGE);
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmLinkPage state={actionData ?? loaderData} texts={PAGE} />;
}
