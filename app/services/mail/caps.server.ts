import { DAY_MS } from "~/lib/constants";
import { mailboxOf } from "~/lib/mailbox";
import type { MailKind } from "~/lib/vocabulary";
import { countRecentMail } from "~/queries/mail.server";
import { hitRateLimit } from "~/queries/rate-limits.server";
import type { Services } from "../services.server";

/**
 * Caps on the mail a stranger can make the site send (decision 054). A public form takes any address, so each
 * message it causes is counted three ways before it is queued:
 * - per mailbox, by kind (`victim+1@…`, `Victim@…` and, at Gmail, `v.ictim@…` are one mailbox): the caller's
 *   figure, such as three newsletter confirmations a day;
 * - per recipient domain, all such kinds together: generous, so a big provider's users are not cut off, but one
 *   domain cannot be flooded with messages to made-up or harvested names;
 * - per client address, for mail to addresses that confirmed nothing: one visitor cannot spray thousands of
 *   strangers with acknowledgements and confirmation requests.
 */

/** What a stranger can make the site send by typing an address; the domain cap counts these together. */
export const VISITOR_MAIL_KINDS: readonly MailKind[] = [
  "newsletter-confirm",
  "application-received",
  "contribution-received",
  "password-reset",
  "podcast-confirm",
];

/** Messages to one recipient domain a day, of the kinds above. */
export const MAIL_PER_DOMAIN_PER_DAY = 500;

/** Messages to addresses that confirmed nothing (confirmations, acknowledgements) per client address a day. */
export const UNCONFIRMED_MAIL_PER_CLIENT_PER_DAY = 50;

/**
 * The key a client address is counted under: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * subscriber line is given a whole /64, so counting single addresses would give each visitor billions of them).
 */
export function clientKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(":")) return address || "unknown";
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, "") || "0")
    .join(":")}::/64`;
}

export type MailCapCheck = {
  kind: MailKind;
  /** The address as typed. */
  to: string;
  /** Messages of this kind one mailbox may get within `windowMs`. */
  perMailbox: number;
  windowMs: number;
  /**
   * The client address of the request that causes the message, when it goes to an address that confirmed nothing:
   * counted against UNCONFIRMED_MAIL_PER_CLIENT_PER_DAY (only when the other caps let the message through).
   */
  clientIp?: string;
};

/**
 * Whether one more message may go out under every cap. The mailbox and domain counts are one indexed query on the
 * outbox; the client's count is a rate-limit counter, counted only for a message that will be queued.
 */
export async function withinMailCaps(services: Pick<Services, "db">, check: MailCapCheck): Promise<boolean> {
  const { mailbox, domain } = mailboxOf(check.to);
  const now = Date.now();
  const counts = await countRecentMail(
    services.db,
    { mailbox, kinds: [check.kind], since: new Date(now - check.windowMs) },
    { domain, kinds: VISITOR_MAIL_KINDS, since: new Date(now - DAY_MS) },
  );
  if (counts.mailbox >= check.perMailbox || counts.domain >= MAIL_PER_DOMAIN_PER_DAY) return false;
  if (check.clientIp === undefined) return true;
  const client = await hitRateLimit(services.db, `mail-unconfirmed:${clientKey(check.clientIp)}`, {
    limit: UNCONFIRMED_MAIL_PER_CLIENT_PER_DAY,
    windowMs: DAY_MS,
  });
  return client.allowed;
}
