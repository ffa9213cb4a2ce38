import { data, redirect } from "react-router";
import { NEWSLETTER_MESSAGES } from "../../lib/constants";
import { fieldErrors, NewsletterSchema } from "../../lib/schemas";
import { subscribeToNewsletter } from "../../queries/newsletter.server";
import type { Route } from "./+types/newsletter";

/**
 * Newsletter subscription. JavaScript clients get JSON; a plain form post (no JavaScript) is redirected back
 * to /newsletter with the outcome. New and already-subscribed addresses get the same answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false, message: "Method not allowed" }, { status: 405 });
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  let raw: Record<string, unknown>;
  try {
    raw = (request.headers.get("content-type") ?? "").includes("application/json")
      ? ((await request.json()) as Record<string, unknown>)
      : Object.fromEntries(await request.formData());
  } catch {
    return data({ ok: false, message: "The request could not be read." }, { status: 400 });
  }
  const parsed = NewsletterSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    if (!wantsJson)
      return redirect(`/newsletter?error=${encodeURIComponent(errors.email ?? NEWSLETTER_MESSAGES.error)}`, 303);
    return data({ ok: false, message: errors.email ?? NEWSLETTER_MESSAGES.error, errors }, { status: 400 });
  }
  try {
    await subscribeToNewsletter(context.services.db, parsed.data.email, parsed.data.source);
  } catch (err) {
    context.services.logger.error({ err }, "newsletter subscription failed");
    if (!wantsJson) return redirect(`/newsletter?error=${encodeURIComponent(NEWSLETTER_MESSAGES.error)}`, 303);
    return data({ ok: false, message: NEWSLETTER_MESSAGES.error }, { status: 500 });
  }
  if (!wantsJson) return redirect("/newsletter?subscribed=1", 303);
  return data({ ok: true, message: NEWSLETTER_MESSAGES.success });
}

export function loader() {
  return redirect("/newsletter");
}
