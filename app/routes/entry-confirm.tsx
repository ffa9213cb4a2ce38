import { AppLink } from "../components/app-link";
import { LinkAskPage, LinkOutcomePage } from "../components/public/link-page";
import { ENTRY_CHECK_LINK_DAYS, SITE_NAME } from "../lib/constants";
import { LINK_PAGE_HEADERS, type LinkNoLongerWorks, linkNoLongerWorks, linkPageMeta } from "../lib/link-pages";
import { readFormOrNull } from "../lib/schemas/form";
import { checkEntryLink, confirmEntryLink } from "../services/entry-checks.server";
import type { Route } from "./+types/entry-confirm";

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

type State =
  | { state: "ready"; token: string; name: string; path: string }
  | { state: "confirmed" | "already"; name: string; path: string }
  | { state: "invalid" };

export async function loader({ request, context }: Route.LoaderArgs): Promise<State | LinkNoLongerWorks> {
  const token = new URL(request.url).searchParams.get("token");
  const found = await checkEntryLink(context.services, token);
  if (found.outcome === "invalid") return linkNoLongerWorks();
  if (found.outcome === "ready" && token) return { state: "ready", token, name: found.name, path: found.path };
  return { state: "already", name: found.name, path: found.path };
}

/** Confirming takes the button, not just opening the link (mail scanners open every link in a message). */
export async function action({ request, context }: Route.ActionArgs): Promise<State | LinkNoLongerWorks> {
  const form = await readFormOrNull(request);
  const token = form?.get("token");
  const done = await confirmEntryLink(context.services, typeof token === "string" ? token : null);
  if (done.outcome === "invalid") return linkNoLongerWorks();
  return { state: done.outcome === "confirmed" ? "confirmed" : "already", name: done.name, path: done.path };
}

export function meta({ matches }: Route.MetaArgs) {
  return linkPageMeta({
    matches,
    title: "Confirm an entry",
    description: `Confirm that a place's entry on the ${SITE_NAME} is still right.`,
    path: "/entry/confirm",
  });
}

export default function EntryConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const s = actionData ?? loaderData;
  if (s.state === "ready") {
    return (
      <LinkAskPage
        title="Is this entry still right?"
        lead={`Once a year we ask each place on the ${SITE_NAME}.`}
        token={s.token}
        button="Yes, it is still right"
        after="Something changed, or the place closed or moved? Reply to our e-mail and tell us what to correct."
      >
        Look over{" "}
        <AppLink to={s.path} className="font-semibold text-leaf-700 underline">
          {s.name}
        </AppLink>{" "}
        and confirm that what it says is still right.
      </LinkAskPage>
    );
  }
  const text =
    s.state === "confirmed"
      ? { title: "Thank you", lead: `${s.name} is marked as checked this month.` }
      : s.state === "already"
        ? { title: "Already confirmed", lead: `${s.name} was confirmed with this link already: nothing more to do.` }
        : {
            title: "This link does not work",
            lead: `It has expired (links work for ${ENTRY_CHECK_LINK_DAYS} days), was replaced by a newer request, or was copied incompletely.`,
          };
  return (
    <LinkOutcomePage title={text.title} lead={text.lead}>
      {s.state === "invalid" ? (
        "If the place's entry needs confirming, reply to the e-mail you received and we will send a new link."
      ) : (
        <>
          See{" "}
          <AppLink to={s.path} className="font-medium text-leaf-700 underline">
            its page
          </AppLink>{" "}
          or explore the{" "}
          <AppLink to="/map" className="font-medium text-leaf-700 underline">
            map of places to learn permaculture
          </AppLink>
          .
        </>
      )}
    </LinkOutcomePage>
  );
}
