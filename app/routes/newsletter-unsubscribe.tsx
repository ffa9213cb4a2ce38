import { data } from "react-router";
import { AppLink } from "../components/app-link";
import { LinkAskPage, LinkOutcomePage } from "../components/public/link-page";
import { SITE_NAME } from "../lib/constants";
import { requestTranslate } from "../lib/i18n/messages.server";
import { Trans, useTranslation } from "../lib/i18n/react";
import { LINK_PAGE_HEADERS, type LinkNoLongerWorks, linkNoLongerWorks, linkPageMeta } from "../lib/link-pages";
import { metaTranslate } from "../lib/meta";
import { readFormOrNull } from "../lib/schemas/form.server";
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
export async function action({ request, context }: Route.ActionArgs) {
  const fromUrl = new URL(request.url).searchParams.get("token");
  const form = await readFormOrNull(request, requestTranslate(request).t);
  const fromForm = form?.get("token");
  const token = typeof fromForm === "string" && fromForm ? fromForm : fromUrl;
  const found = await checkUnsubscribeLink(context.services, token);
  const outcome = await unsubscribeByLink(context.services, token);
  if (outcome === "invalid") return linkNoLongerWorks();
  // 200 said outright: React Router runs the loader after the action, and its answer must not be the page's status.
  return data<State>({ state: "unsubscribed", email: found?.email }, { status: 200 });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  return linkPageMeta({
    matches,
    title: t("newsletterPage.unsubscribe.title"),
    description: t("newsletterPage.unsubscribe.description", { siteName: SITE_NAME }),
    path: "/newsletter/unsubscribe",
  });
}

const LINK = "font-medium text-leaf-700 underline";

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const s = actionData ?? loaderData;
  const { t } = useTranslation();
  if (s.state === "ask") {
    return (
      <LinkAskPage
        title={t("newsletterPage.unsubscribe.title")}
        lead={t("newsletterPage.unsubscribe.description", { siteName: SITE_NAME })}
        token={s.token}
        button={t("newsletterPage.unsubscribe.button")}
      >
        <Trans
          i18nKey="newsletterPage.unsubscribe.ask"
          values={{ email: s.email }}
          components={{ email: <strong className="break-all" /> }}
        />
      </LinkAskPage>
    );
  }
  if (s.state === "unsubscribed") {
    return (
      <LinkOutcomePage
        title={t("newsletterPage.unsubscribe.doneTitle")}
        lead={
          s.email
            ? t("newsletterPage.unsubscribe.doneLeadEmail", { email: s.email })
            : t("newsletterPage.unsubscribe.doneLead")
        }
      >
        <Trans
          i18nKey="newsletterPage.unsubscribe.changedMind"
          components={{ anchor: <AppLink to="/newsletter" className={LINK} /> }}
        />
      </LinkOutcomePage>
    );
  }
  return (
    <LinkOutcomePage
      title={t("newsletterPage.unsubscribe.invalidTitle")}
      lead={t("newsletterPage.unsubscribe.invalidLead")}
    >
      <Trans
        i18nKey="newsletterPage.unsubscribe.invalidHelp"
        components={{ anchor: <AppLink to="/about" className={LINK} /> }}
      />
    </LinkOutcomePage>
  );
}
