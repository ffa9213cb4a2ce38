import { SITE_NAME } from "~/lib/constants";
import { type IssueTexts, issueInLanguage } from "~/lib/i18n/issue-translations";
import { DEFAULT_LANGUAGE, isLanguage, type Language, localizeHref } from "~/lib/i18n/languages";
import type { MailStatus } from "~/lib/vocabulary";
import { mailCountsForIssue } from "~/queries/mail.server";
import {
  countNewsletterSubscriptions,
  countUnsubscribedSince,
  listActiveSubscribers,
} from "~/queries/newsletter.server";
import {
  beginSending,
  createIssue,
  finishIfDone,
  getIssue,
  type IssueRow,
  lockDraft,
} from "~/queries/newsletter-issues.server";
import { serverTranslate } from "~/server-lib/messages.server";
import type { MailContent } from "../mail/compose.server";
import type { Outgoing } from "../mail/mailer.server";
import { markdownToMailHtml } from "../mail/markdown.server";
import type { Services } from "../services.server";
import { unsubscribeUrl } from "./subscription-links.server";

/**
 * An issue as one subscriber receives it: the subject and Markdown body in the subscriber's language when the issue
 * is translated into it (both), otherwise the original as staff wrote it; around it the words of the subscriber's
 * language (the foot's reason and their own unsubscribe link). `textLang` is the language the text is in.
 */
export function issueContent(
  services: Pick<Services, "mail">,
  issue: IssueTexts,
  unsubscribeUrl: string,
  lang: Language = DEFAULT_LANGUAGE,
): MailContent & { textLang: Language } {
  const t = serverTranslate(lang);
  const shown = issueInLanguage(issue, lang);
  return {
    lang,
    textLang: shown.lang,
    subject: shown.subject,
    paragraphs: [],
    body: { html: markdownToMailHtml(shown.body, services.mail.siteUrl), text: shown.body },
    footer: {
      text: t("mail.newsletterIssue.footer", { siteName: SITE_NAME }),
      link: { label: t("mail.newsletterIssue.unsubscribe"), url: unsubscribeUrl },
    },
  };
}

/**
 * The e-mail HTML of an issue as a subscriber of `lang` gets it, for the preview (with a stand-in unsubscribe link
 * of that language's page).
 */
export function previewIssueHtml(
  services: Pick<Services, "mail">,
  issue: IssueTexts,
  lang: Language = DEFAULT_LANGUAGE,
) {
  const content = issueContent(services, issue, services.mail.url(localizeHref("/newsletter/unsubscribe", lang)), lang);
  return services.mail.compose(content).html;
}

/** Queues the issue to one staff member as a subscriber of `lang` would get it, marked as a test. */
export async function sendTestIssue(
  services: Pick<Services, "db" | "mail">,
  issue: IssueRow,
  to: string,
  lang: Language = DEFAULT_LANGUAGE,
): Promise<void> {
  const content = issueContent(services, issue, services.mail.url(localizeHref("/newsletter/unsubscribe", lang)), lang);
  await services.mail.enqueue(services.db, {
    kind: "newsletter-test",
    to,
    content: { ...content, subject: `[Test] ${content.subject}` },
  });
}

/**
 * Sends a draft to every confirmed subscriber: in one transaction the issue becomes "sending" (row-locked, so it
 * starts once however many admins press Send) and one message per subscriber is queued, each with its own
 * one-click unsubscribe (RFC 8058 headers and a visible link) and a dedupe key, so no subscriber can be queued
 * twice. The mail worker then sends them at MAIL_SEND_RATE; a restart resumes from the queue.
 */
export async function sendIssue(
  services: Pick<Services, "db" | "mail" | "config">,
  issueId: string,
): Promise<{ outcome: "started"; recipients: number } | { outcome: "not-draft" } | { outcome: "no-subscribers" }> {
  const { db, mail, config } = services;
  return db.transaction(async (tx) => {
    const issue = await lockDraft(tx, issueId);
    if (!issue) return { outcome: "not-draft" as const };
    const subscribers = await listActiveSubscribers(tx);
    if (subscribers.length === 0) return { outcome: "no-subscribers" as const };
    const messages: Outgoing[] = subscribers.map((s) => {
      // A stored language the site no longer speaks reads as English.
      const lang = isLanguage(s.language) ? s.language : DEFAULT_LANGUAGE;
      const unsubscribe = unsubscribeUrl({ mail, config }, "newsletter", s.id, lang);
      const content = issueContent(services, issue, unsubscribe, lang);
      return {
        kind: "newsletter-issue",
        to: s.email,
        content,
        headers: {
          // The language of the text sent: the subscriber's when translated, else the original's.
          "Content-Language": content.textLang,
          "List-Unsubscribe": `<${unsubscribe}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
        newsletterIssueId: issue.id,
        dedupeKey: `issue:${issue.id}:${s.id}`,
      };
    });
    await beginSending(tx, issue.id, subscribers.length);
    await mail.enqueueRows(tx, mail.rows(messages));
    return { outcome: "started" as const, recipients: subscribers.length };
  });
}

export type IssueProgress = {
  counts: Record<MailStatus, number>;
  done: number;
  unsubscribedSince: number;
};

/** How far an issue's sending is, and the counts afterwards; marks it sent once nothing is left to send. */
export async function issueProgress(services: Pick<Services, "db">, issue: IssueRow): Promise<IssueProgress> {
  const { db } = services;
  const [counts, unsubscribedSince] = await Promise.all([
    mailCountsForIssue(db, issue.id),
    issue.sendStartedAt ? countUnsubscribedSince(db, issue.sendStartedAt) : Promise.resolve(0),
  ]);
  if (issue.status === "sending") await finishIfDone(db, issue.id);
  // Tests to staff carry no issue id: these figures are the subscribers' messages only.
  return { counts, done: counts.sent + counts.failed, unsubscribedSince };
}

/** A new draft with its subject; the body is written on the issue's screen. */
export function createDraftIssue(services: Pick<Services, "db">, subject: string, user: { id: string }) {
  return createIssue(services.db, { subject, body: "", createdBy: user.id });
}

export { deleteDraft, listIssues, updateDraft } from "~/queries/newsletter-issues.server";
export { countNewsletterSubscriptions, getIssue };
