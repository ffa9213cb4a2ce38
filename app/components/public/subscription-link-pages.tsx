import { SITE_NAME } from "~/lib/constants";
import { Trans, useTranslation } from "~/lib/i18n/react";
import type { ConfirmLinkState, UnsubscribeLinkState } from "~/lib/link-pages";
import { AppLink } from "../app-link";
import { LinkAskPage, LinkOutcomePage } from "./link-page";
import { LinkedMessage } from "./linked-message";

const LINK = "font-medium text-leaf-700 underline";

/** The ask behind the link, naming its address, with the button that does what the link is for. */
function AskPage(props: {
  texts: { title: string; lead: string; button: string; ask: string };
  token: string;
  email: string;
}) {
  const { t } = useTranslation();
  const { texts } = props;
  return (
    <LinkAskPage
      title={t(texts.title)}
      lead={t(texts.lead, { siteName: SITE_NAME })}
      token={props.token}
      button={t(texts.button)}
    >
      <Trans
        i18nKey={texts.ask}
        values={{ email: props.email }}
        components={{ email: <strong className="break-all" /> }}
      />
    </LinkAskPage>
  );
}

/**
 * The message keys of a subscription's confirmation page, each route its own (the newsletter's, the podcast's):
 * `subscribeAgain` links to `subscribeHref`, `meanwhile` to `meanwhileHref`.
 */
export type ConfirmLinkTexts = {
  title: string;
  lead: string;
  button: string;
  ask: string;
  confirmedTitle: string;
  confirmedLead: string;
  alreadyTitle: string;
  alreadyLead: string;
  invalidTitle: string;
  invalidLead: string;
  subscribeAgain: string;
  meanwhile: string;
  subscribeHref: string;
  meanwhileHref: string;
};

/** A subscription's confirmation page: the ask with its button, then what came of it, or that the link is dead. */
export function ConfirmLinkPage({ state: s, texts }: { state: ConfirmLinkState; texts: ConfirmLinkTexts }) {
  const { t } = useTranslation();
  if (s.state === "ready") return <AskPage texts={texts} token={s.token} email={s.email} />;
  const [title, lead] =
    s.state === "confirmed"
      ? [texts.confirmedTitle, texts.confirmedLead]
      : s.state === "already"
        ? [texts.alreadyTitle, texts.alreadyLead]
        : [texts.invalidTitle, texts.invalidLead];
  const [next, href] =
    s.state === "invalid" ? [texts.subscribeAgain, texts.subscribeHref] : [texts.meanwhile, texts.meanwhileHref];
  return (
    <LinkOutcomePage title={t(title)} lead={t(lead)}>
      <LinkedMessage i18nKey={next} to={href} className={LINK} />
    </LinkOutcomePage>
  );
}

/**
 * The message keys of a subscription's unsubscribe page: `changedMind` links to `subscribeHref`, and `invalidHelp`'s
 * anchor, if it has one, to `helpHref`.
 */
export type UnsubscribeLinkTexts = {
  title: string;
  description: string;
  button: string;
  ask: string;
  doneTitle: string;
  doneLeadEmail: string;
  doneLead: string;
  changedMind: string;
  invalidTitle: string;
  invalidLead: string;
  invalidHelp: string;
  subscribeHref: string;
  helpHref?: string;
};

/** A subscription's unsubscribe page: the ask with its button, then that it is done, or that the link is dead. */
export function UnsubscribeLinkPage({ state: s, texts }: { state: UnsubscribeLinkState; texts: UnsubscribeLinkTexts }) {
  const { t } = useTranslation();
  if (s.state === "ask")
    return <AskPage texts={{ ...texts, lead: texts.description }} token={s.token} email={s.email} />;
  if (s.state === "unsubscribed") {
    return (
      <LinkOutcomePage
        title={t(texts.doneTitle)}
        lead={s.email ? t(texts.doneLeadEmail, { email: s.email }) : t(texts.doneLead)}
      >
        <LinkedMessage i18nKey={texts.changedMind} to={texts.subscribeHref} className={LINK} />
      </LinkOutcomePage>
    );
  }
  return (
    <LinkOutcomePage title={t(texts.invalidTitle)} lead={t(texts.invalidLead)}>
      <Trans
        i18nKey={texts.invalidHelp}
        components={texts.helpHref ? { anchor: <AppLink to={texts.helpHref} className={LINK} /> } : {}}
      />
    </LinkOutcomePage>
  );
}
