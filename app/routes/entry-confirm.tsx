import { data } from "react-router";
import { AppLink } from "../components/app-link";
import { LinkAskPage, LinkOutcomePage } from "../components/public/link-page";
import { LinkedMessage } from "../components/public/linked-message";
import { ENTRY_CHECK_LINK_DAYS, SITE_NAME } from "../lib/constants";
import { Trans, useTranslation } from "../lib/i18n/react";
import { LINK_PAGE_HEADERS, type LinkNoLongerWorks, linkNoLongerWorks, linkPageMeta } from "../lib/link-pages";
import { metaTranslate } from "../lib/meta";
import { readFormOrNull } from "../server-lib/form.server";
import { requestTranslate } from "../server-lib/messages.server";
import { checkEntryLink, confirmEntryLink } from "../services/entries/entry-checks.server";
import type { Route } from "./+types/entry-confirm";

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

type State =
  | { state: "ready"; token: string; name: string; path: string; correctPath: string }
  | { state: "confirmed" | "already"; name: string; path: string }
  | { state: "invalid" };

export async function loader({ request, context }: Route.LoaderArgs): Promise<State | LinkNoLongerWorks> {
  const token = new URL(request.url).searchParams.get("token");
  const found = await checkEntryLink(context.services, token);
  if (found.outcome === "invalid") return linkNoLongerWorks();
  if (found.outcome === "ready" && token)
    return { state: "ready", token, name: found.name, path: found.path, correctPath: found.correctPath };
  return { state: "already", name: found.name, path: found.path };
}

/**
 * Confirming takes the button, not just opening the link (mail scanners open every link in a message). A
 * confirmation answers 200 said outright: React Router runs the loader after the action, and its answer for the now
 * used link would otherwise be the page's status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormOrNull(request, requestTranslate(request).t);
  const token = form?.get("token");
  const done = await confirmEntryLink(context.services, typeof token === "string" ? token : null);
  if (done.outcome === "invalid") return linkNoLongerWorks();
  return data<State>(
    { state: done.outcome === "confirmed" ? "confirmed" : "already", name: done.name, path: done.path },
    { status: 200 },
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  return linkPageMeta({
    matches,
    title: t("entryConfirm.metaTitle"),
    description: t("entryConfirm.metaDescription", { siteName: SITE_NAME }),
    path: "/entry/confirm",
  });
}

export default function EntryConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const s = actionData ?? loaderData;
  if (s.state === "ready") {
    return (
      <LinkAskPage
        title={t("entryConfirm.askTitle")}
        lead={t("entryConfirm.askLead", { siteName: SITE_NAME })}
        token={s.token}
        button={t("entryConfirm.button")}
        after={
          // Not "reply to our e-mail": a reply reaches someone only where a reply address is set (decision 057).
          <LinkedMessage
            i18nKey="entryConfirm.after"
            to={s.correctPath}
            className="font-medium text-leaf-700 underline"
          />
        }
      >
        <LinkedMessage
          i18nKey="entryConfirm.ask"
          to={s.path}
          className="font-semibold text-leaf-700 underline"
          tag="entry"
          values={{ name: s.name }}
        />
      </LinkAskPage>
    );
  }
  const text =
    s.state === "confirmed"
      ? { title: t("entryConfirm.confirmedTitle"), lead: t("entryConfirm.confirmedLead", { name: s.name }) }
      : s.state === "already"
        ? { title: t("entryConfirm.alreadyTitle"), lead: t("entryConfirm.alreadyLead", { name: s.name }) }
        : {
            title: t("entryConfirm.invalidTitle"),
            lead: t("entryConfirm.invalidLead", { count: ENTRY_CHECK_LINK_DAYS }),
          };
  return (
    <LinkOutcomePage title={text.title} lead={text.lead}>
      {s.state === "invalid" ? (
        t("entryConfirm.invalidText")
      ) : (
        <Trans
          i18nKey="entryConfirm.seeMore"
          components={{
            page: <AppLink to={s.path} className="font-medium text-leaf-700 underline" />,
            map: <AppLink to="/map" className="font-medium text-leaf-700 underline" />,
          }}
        />
      )}
    </LinkOutcomePage>
  );
}
