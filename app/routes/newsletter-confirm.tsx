import { AppLink } from "../components/app-link";
import { LinkAskPage, LinkOutcomePage } from "../components/public/link-page";
import { SITE_NAME } from "../lib/constants";
import { LINK_PAGE_HEADERS, type LinkNoLongerWorks, linkNoLongerWorks, linkPageMeta } from "../lib/link-pages";
import { readFormOrNull } from "../lib/schemas/form";
import { checkConfirmLink, confirmNewsletterLink } from "../services/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

type State =
  | { state: "ready"; token: string; email: string }
  | { state: "confirmed" | "already"; email?: string }
  | { state: "invalid" };

export async function loader({ request, context }: Route.LoaderArgs): Promise<State | LinkNoLongerWorks> {
  const token = new URL(request.url).searchParams.get("token");
  const found = await checkConfirmLink(context.services, token);
  if (found.outcome === "ready" && token) return { state: "ready", token, email: found.email ?? "" };
  if (found.outcome === "already") return { state: "already", email: found.email };
  return linkNoLongerWorks();
}

/**
 * Confirming takes a press of the button, not just opening the link: mail scanners that open every link in a
 * message would otherwise confirm addresses nobody confirmed.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<State | LinkNoLongerWorks> {
  const form = await readFormOrNull(request);
  const token = form?.get("token");
  const outcome = await confirmNewsletterLink(context.services, typeof token === "string" ? token : null);
  return outcome === "invalid" ? linkNoLongerWorks() : { state: outcome };
}

export function meta({ matches }: Route.MetaArgs) {
  return linkPageMeta({
    matches,
    title: "Confirm your subscription",
    description: `Confirm your subscription to the ${SITE_NAME} newsletter.`,
    path: "/newsletter/confirm",
  });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const s = actionData ?? loaderData;
  if (s.state === "ready") {
    return (
      <LinkAskPage
        title="Confirm your subscription"
        lead={`One more step to receive the ${SITE_NAME} newsletter.`}
        token={s.token}
        button="Confirm my subscription"
      >
        Confirm that <strong className="break-all">{s.email}</strong> should receive the newsletter.
      </LinkAskPage>
    );
  }
  const text =
    s.state === "confirmed"
      ? {
          title: "You are subscribed",
          lead: "Thank you for confirming. The next issue will reach you in your inbox.",
        }
      : s.state === "already"
        ? { title: "Already confirmed", lead: "This subscription is confirmed already: nothing more to do." }
        : {
            title: "This link does not work",
            lead: "It has expired (links work for 7 days), was already used, or was copied incompletely.",
          };
  return (
    <LinkOutcomePage title={text.title} lead={text.lead}>
      {s.state === "invalid" ? (
        <>
          Subscribe again on the{" "}
          <AppLink to="/newsletter" className="font-medium text-leaf-700 underline">
            newsletter page
          </AppLink>{" "}
          and we will send you a new link.
        </>
      ) : (
        <>
          Meanwhile, explore the{" "}
          <AppLink to="/map" className="font-medium text-leaf-700 underline">
            map of places to learn permaculture
          </AppLink>
          .
        </>
      )}
    </LinkOutcomePage>
  );
}
