import { data } from "react-router";
import {
  type ConfirmLinkState,
  type LinkNoLongerWorks,
  linkNoLongerWorks,
  type UnsubscribeLinkState,
} from "~/lib/link-pages";
import { readFormOrNull } from "./form.server";
import { requestTranslate } from "./messages.server";

/**
 * The loaders and actions of a subscription's confirmation and unsubscribe pages (the newsletter's, the podcast's):
 * each route passes its own service's calls. No sign-in on these pages: the signed token is the authority.
 */

const addressToken = (request: Request) => new URL(request.url).searchParams.get("token");

/** The token the page's form posted, if it posted one. */
async function postedToken(request: Request): Promise<string | null> {
  const form = await readFormOrNull(request, requestTranslate(request).t);
  const token = form?.get("token");
  return typeof token === "string" ? token : null;
}

/** Opening a confirmation link only asks: the page's button confirms (`confirmLinkAction`). */
export async function confirmLinkLoader(
  request: Request,
  check: (token: string | null) => Promise<{ outcome: "ready" | "already" | "invalid"; email?: string }>,
): Promise<ConfirmLinkState | LinkNoLongerWorks> {
  const token = addressToken(request);
  const found = await check(token);
  if (found.outcome === "ready" && token) return { state: "ready", token, email: found.email ?? "" };
  if (found.outcome === "already") return { state: "already", email: found.email };
  return linkNoLongerWorks();
}

/**
 * Confirming takes a press of the button, not just opening the link: mail scanners open every link in a message and
 * would otherwise confirm addresses nobody confirmed.
 */
export async function confirmLinkAction(
  request: Request,
  confirm: (token: string | null) => Promise<"confirmed" | "already" | "invalid">,
) {
  const outcome = await confirm(await postedToken(request));
  // 200 said outright: React Router runs the loader after the action, and its answer for the now used link (410)
  // would otherwise be the page's status.
  return outcome === "invalid" ? linkNoLongerWorks() : data<ConfirmLinkState>({ state: outcome }, { status: 200 });
}

/**
 * Opening an unsubscribe link asks, or says it is done: `check` gives the subscription the link names, with
 * `unsubscribed` when it has left already, `gone` for a genuine link whose subscription was deleted, or null for a
 * link that is not genuine.
 */
export async function unsubscribeLinkLoader(
  request: Request,
  check: (token: string | null) => Promise<{ email: string; unsubscribed?: boolean } | "gone" | null>,
): Promise<UnsubscribeLinkState | LinkNoLongerWorks> {
  const token = addressToken(request);
  const found = await check(token);
  if (!found || !token) return linkNoLongerWorks();
  // A genuine link whose subscription is gone: unsubscribed already (the mail client's one-click, or the button).
  if (found === "gone") return { state: "unsubscribed" };
  return found.unsubscribed
    ? { state: "unsubscribed", email: found.email }
    : { state: "ask", token, email: found.email };
}

/**
 * Unsubscribes: the page's button, or a mail client's one-click unsubscribe (RFC 8058: a POST to the message's
 * List-Unsubscribe address with `List-Unsubscribe=One-Click`, which the cross-site guard lets through on these
 * pages). The token comes from the form, else from the address.
 */
export async function unsubscribeLinkAction(
  request: Request,
  unsubscribe: (token: string | null) => Promise<{ outcome: "unsubscribed" | "already" | "invalid"; email?: string }>,
) {
  const done = await unsubscribe((await postedToken(request)) || addressToken(request));
  if (done.outcome === "invalid") return linkNoLongerWorks();
  // 200 said outright: React Router runs the loader after the action, and its answer must not be the page's status.
  return data<UnsubscribeLinkState>({ state: "unsubscribed", email: done.email }, { status: 200 });
}
