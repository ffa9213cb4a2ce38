import { data } from "react-router";
import { SITE_NAME } from "./constants";
import { metaTranslate, pageMeta } from "./meta";

/**
 * Headers of a page reached by a link sent by e-mail (a token in its address): never cached, never indexed, and the
 * token not sent to another site as a referrer. "same-origin" rather than "no-referrer": without a referrer the
 * browser posts the page's form with `Origin: null`, which the cross-site guard refuses.
 */
export const LINK_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
} as const;

/** Meta tags of such a page: as any public page's, and not indexed. */
export function linkPageMeta(opts: Parameters<typeof pageMeta>[0]) {
  return [...pageMeta(opts), { name: "robots", content: "noindex" }];
}

/**
 * The answer to a link that does not work (forged, expired, used, replaced, cut short): the page says so, with the
 * status a client can act on, as the staff password links do.
 */
export function linkNoLongerWorks() {
  return data({ state: "invalid" as const }, { status: 410 });
}
export type LinkNoLongerWorks = ReturnType<typeof linkNoLongerWorks>;

/** What a subscription's confirmation page shows (the newsletter's, the podcast's). */
export type ConfirmLinkState =
  | { state: "ready"; token: string; email: string }
  | { state: "confirmed" | "already"; email?: string }
  | { state: "invalid" };

/** What a subscription's unsubscribe page shows. */
export type UnsubscribeLinkState =
  | { state: "ask"; token: string; email: string }
  | { state: "unsubscribed"; email?: string }
  | { state: "invalid" };

/** Meta tags of a link page from its message keys: its title, and a description that may name the site. */
export function linkPageMetaOf(
  matches: Parameters<typeof pageMeta>[0]["matches"],
  page: { path: string; title: string; description: string },
) {
  const t = metaTranslate(matches);
  return linkPageMeta({
    matches,
    title: t(page.title),
    description: t(page.description, { siteName: SITE_NAME }),
    path: page.path,
  });
}

/** The mailing lists a visitor can join, each with its confirmation and unsubscribe pages. */
export type SubscriptionList = "newsletter" | "podcast";

/**
 * The list a link page belongs to, from its address (`/podcast/confirm`, `/es/newsletter/unsubscribe`): one module
 * serves each kind of link page for both lists.
 */
export function subscriptionListOf(pathname: string): SubscriptionList {
  return pathname.split("/").includes("podcast") ? "podcast" : "newsletter";
}
