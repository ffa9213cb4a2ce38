// Entry checks: once a year a place's contact is asked, by e-mail, to confirm that what the directory says about it
// is still right; confirming (a signed, single-use link and a button) updates the "Last checked" its page shows.
// Staff may also ask at any time from the place's edit screen.
import { DAY_MS, ENTRY_CHECK_LINK_DAYS, SITE_NAME } from "~/lib/constants";
import { originalLanguage } from "~/lib/i18n/entry-translations";
import { localizeHref } from "~/lib/i18n/languages";
import { locationPath } from "~/lib/slug";
import { insertAudit } from "~/queries/audit.server";
import {
  confirmEntryCheck,
  type EntryForCheck,
  getEntryForCheck,
  lockDueEntryChecks,
  markEntryCheckRequested,
} from "~/queries/entry-checks.server";
import { serverTranslate } from "~/server-lib/messages.server";
import type { Mailer } from "../mail/mailer.server";
import { replyAddress, replyHeaders } from "../mail/reply-to.server";
import { newNonce, sameNonce, signToken, verifyToken } from "../mail/tokens.server";
import type { Services } from "../services.server";
import { notifyContentChanged } from "./content-events.server";

/** A place unchecked for this long has its contact asked. */
export const ENTRY_CHECK_DAYS = 365;
/** At most this many requests queued per run of the yearly job (the hourly maintenance): a large directory is asked over days, not in one burst. */
export const ENTRY_CHECKS_PER_RUN = 200;

/**
 * The request to a place's contact, in the language the entry was written in (its `language`; the contact wrote it,
 * or staff wrote it for them in the place's own language), with links to that language's pages: the place's page and
 * the confirm page.
 */
function requestMessage(mail: Mailer, authSecret: string, entry: EntryForCheck, nonce: string, replyTo: string | null) {
  const token = signToken(authSecret, {
    p: "entry-check",
    s: entry.id,
    e: Math.floor((Date.now() + ENTRY_CHECK_LINK_DAYS * DAY_MS) / 1000),
    n: nonce,
  });
  const lang = originalLanguage(entry.language);
  const t = serverTranslate(lang);
  const values = { name: entry.name, siteName: SITE_NAME };
  const facts = [
    entry.country ? t("rest.entryCheck.country", { country: entry.country }) : t("rest.entryCheck.countryNotGiven"),
    ...(entry.contactAddress || entry.contactCity
      ? [
          t("rest.entryCheck.address", {
            address: [entry.contactAddress, entry.contactCity].filter(Boolean).join(", "),
          }),
        ]
      : []),
    ...(entry.website ? [t("rest.entryCheck.website", { website: entry.website })] : []),
    ...(entry.contactPhone ? [t("rest.entryCheck.phone", { phone: entry.contactPhone })] : []),
    t("rest.entryCheck.email", { email: entry.contactEmail ?? "" }),
  ];
  return {
    kind: "entry-check" as const,
    to: (entry.contactEmail ?? "").trim(),
    content: {
      lang,
      subject: t("rest.entryCheck.subject", values),
      paragraphs: [
        t("rest.entryCheck.listed", values),
        t("rest.entryCheck.says", {
          facts: facts.join("; "),
          url: mail.url(localizeHref(locationPath(entry.name), lang)),
        }),
        t("rest.entryCheck.confirm"),
      ],
      action: {
        label: t("rest.entryCheck.button"),
        url: mail.url(localizeHref("/entry/confirm", lang), { token }),
      },
      // "Reply and tell us" only when a reply reaches staff; otherwise the entry's correction form (decision 057).
      after: [
        replyTo
          ? t("rest.entryCheck.after", { count: ENTRY_CHECK_LINK_DAYS })
          : t("rest.entryCheck.afterForm", {
              count: ENTRY_CHECK_LINK_DAYS,
              url: mail.url(localizeHref(`/suggest-a-correction/location/${entry.id}`, lang)),
            }),
      ],
    },
    headers: replyHeaders(replyTo),
  };
}

/**
 * Staff asking a place's contact to confirm it now. Refused when the place has no contact e-mail, and when its
 * contact was already asked today (a button cannot be used to flood a mailbox).
 */
export async function requestEntryCheck(
  services: Pick<Services, "db" | "mail" | "config">,
  id: string,
): Promise<{ outcome: "sent"; to: string } | { outcome: "missing" | "no-contact" | "limited" }> {
  const { db, mail, config } = services;
  const entry = await getEntryForCheck(db, id);
  if (!entry) return { outcome: "missing" };
  const to = entry.contactEmail?.trim();
  if (!to) return { outcome: "no-contact" };
  if ((await mail.recentCount(to, ["entry-check"], DAY_MS)) > 0) return { outcome: "limited" };
  const replyTo = await replyAddress(services);
  await db.transaction(async (tx) => {
    const nonce = newNonce();
    const marked = await markEntryCheckRequested(tx, id, nonce);
    if (marked) await mail.enqueue(tx, requestMessage(mail, config.authSecret, marked, nonce, replyTo));
  });
  return { outcome: "sent", to };
}

/**
 * The yearly job (run by the hourly maintenance on any instance): asks the contacts of places neither checked nor
 * asked for ENTRY_CHECK_DAYS, at most ENTRY_CHECKS_PER_RUN at a time. Each request is queued in the transaction
 * that records it; instances running the job together skip each other's places.
 */
export async function sendDueEntryChecks(
  services: Pick<Services, "db" | "mail" | "config">,
  now = new Date(),
): Promise<number> {
  const { db, mail, config } = services;
  const before = new Date(now.getTime() - ENTRY_CHECK_DAYS * DAY_MS);
  const replyTo = await replyAddress(services);
  return db.transaction(async (tx) => {
    let sent = 0;
    for (const id of await lockDueEntryChecks(tx, before, ENTRY_CHECKS_PER_RUN)) {
      const nonce = newNonce();
      const marked = await markEntryCheckRequested(tx, id, nonce);
      if (!marked?.contactEmail?.trim()) continue;
      await mail.enqueue(tx, requestMessage(mail, config.authSecret, marked, nonce, replyTo));
      sent += 1;
    }
    return sent;
  });
}

export type EntryLinkState =
  | {
      outcome: "ready" | "already" | "confirmed";
      name: string;
      path: string;
      /** The place's correction form: where its contact tells us what changed (decision 057). */
      correctPath: string;
    }
  | { outcome: "invalid" };

/** A link's verified token and the place it names, with what the link can still do. */
async function readEntryLink(
  services: Pick<Services, "db" | "config">,
  token: string | null,
): Promise<{ state: EntryLinkState; id?: string; nonce?: string }> {
  const payload = verifyToken(services.config.authSecret, token, "entry-check");
  const entry = payload?.n ? await getEntryForCheck(services.db, payload.s) : null;
  if (!payload?.n || !entry) return { state: { outcome: "invalid" } };
  const place = {
    name: entry.name,
    path: locationPath(entry.name),
    correctPath: `/suggest-a-correction/location/${entry.id}`,
  };
  if (sameNonce(entry.checkNonce, payload.n))
    return { state: { outcome: "ready", ...place }, id: entry.id, nonce: payload.n };
  // Used already: the request it came with has been answered (checked since it was sent).
  if (entry.checkNonce === null && entry.checkRequestedAt && entry.checkedAt >= entry.checkRequestedAt)
    return { state: { outcome: "already", ...place } };
  return { state: { outcome: "invalid" } };
}

/** The place a confirmation link names, if the link is genuine and not expired. */
export async function checkEntryLink(
  services: Pick<Services, "db" | "config">,
  token: string | null,
): Promise<EntryLinkState> {
  return (await readEntryLink(services, token)).state;
}

/** Confirms the place of a genuine, unexpired, unused link: it is checked now. */
export async function confirmEntryLink(
  services: Pick<Services, "db" | "bus" | "config">,
  token: string | null,
): Promise<EntryLinkState> {
  const link = await readEntryLink(services, token);
  if (link.state.outcome !== "ready" || !link.id || !link.nonce) return link.state;
  // Two presses at once: only one finds the one-time value; the other reads the link again ("already"). The check
  // and its audit entry land together, or neither does.
  const { id, nonce } = link;
  const { name } = link.state;
  const confirmed = await services.db.transaction(async (tx) => {
    if (!(await confirmEntryCheck(tx, id, nonce))) return false;
    await insertAudit(tx, {
      user: null,
      action: "update",
      entity: "location",
      entityId: id,
      summary: `The contact confirmed location "${name}" is still right`,
    });
    return true;
  });
  if (!confirmed) return checkEntryLink(services, token);
  await notifyContentChanged(services, "locations");
  return { ...link.state, outcome: "confirmed" };
}

/** Queries the screens use as they are (decision 036). */
export { type CheckableKind, listNeedsChecking, markEntryChecked } from "~/queries/freshness.server";
