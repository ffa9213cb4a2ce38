import { AppLink } from "../components/app-link";
import { LinkAskPage, LinkOutcomePage } from "../components/public/link-page";
import { SITE_NAME } from "../lib/constants";
import { LINK_PAGE_HEADERS, type LinkNoLongerWorks, linkNoLongerWorks, linkPageMeta } from "../lib/link-pages";
import { readFormOrNull } from "../lib/schemas/form";
import { checkUnsubscribeLink, unsubscribeByLink } from "../services/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

type State =
  | { state: "ask"; token: string; email: string }
  | { state: "unsubscribed"; email?: string }
  | { state: "invalid" };

export async function loader({ request, context }: Route.LoaderArgs): Promise<State | LinkNoLongerWorks> {
  const token = new URL(request.url).searchParams.get("token");
  const found = await checkUnsubscribeLink(context.services, token);
  if (!found || !token) return linkNoLongerWorks();
  return found.unsubscribed
    ? { state: "unsubscribed", email: found.email }
    : { state: "ask", token, email: found.email };
}

/**
 * Unsubscribes: the page's button, or a mail client's one-click unsubscribe (RFC 8058: a POST to the message's
 * List-Unsubscribe address with `List-Unsubscribe=One-Click`). The token comes from the address or the form.
 * No sign-in: the signed token is the authority.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<State | LinkNoLongerWorks> {
  const fromUrl = new URL(request.url).searchParams.get("token");
  const form = await readFormOrNull(request);
  const fromForm = form?.get("token");
  const token = typeof fromForm === "string" && fromForm ? fromForm : fromUrl;
  const found = await checkUnsubscribeLink(context.services, token);
  const outcome = await unsubscribeByLink(context.services, token);
  if (outcome === "invalid") return linkNoLongerWorks();
  return { state: "unsubscribed", email: found?.email };
}

export function meta({ matches }: Route.MetaArgs) {
  return linkPageMeta({
    matches,
    title: "Unsubscribe",
    description: `Stop receiving the ${SITE_NAME} newsletter.`,
    path: "/newsletter/unsubscribe",
  });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const s = actionData ?? loaderData;
  if (s.state === "ask") {
    return (
      <LinkAskPage
        title="Unsubscribe"
        lead={`Stop receiving the ${SITE_NAME} newsletter.`}
        token={s.token}
        button="Unsubscribe"
      >
        Unsubscribe <strong className="break-all">{s.email}</strong> from the newsletter?
      </LinkAskPage>
    );
  }
  if (s.state === "unsubscribed") {
    return (
      <LinkOutcomePage
        title="You are unsubscribed"
        lead={`${s.email ? `${s.email} will` : "This address will"} not receive the newsletter any more.`}
      >
        Changed your mind? Subscribe again on the{" "}
        <AppLink to="/newsletter" className="font-medium text-leaf-700 underline">
          newsletter page
        </AppLink>
        .
      </LinkOutcomePage>
    );
  }
  return (
    <LinkOutcomePage title="This link does not work" lead="It may have been copied incompletely.">
      Use the unsubscribe link at the foot of any newsletter, or write to us from the{" "}
      <AppLink to="/about" className="font-medium text-leaf-700 underline">
        about page
      </AppLink>{" "}
      and we will remove your address.
    </LinkOutcomePage>
  );
}
