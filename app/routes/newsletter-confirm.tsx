import { Form } from "react-router";
import { AppLink } from "../components/app-link";
import { PageIntro } from "../components/public/page-intro";
import { SITE_NAME } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import { checkConfirmLink, confirmNewsletterLink } from "../services/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";

/**
 * One visitor's link: never cached, never indexed, and the address it carries is not sent to another site as a
 * referrer. "same-origin" rather than "no-referrer": without a referrer the browser posts the confirmation with
 * `Origin: null`, which the cross-site guard refuses.
 */
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
});

type State =
  | { state: "ready"; token: string; email: string }
  | { state: "confirmed" | "already"; email?: string }
  | { state: "invalid" };

export async function loader({ request, context }: Route.LoaderArgs): Promise<State> {
  const token = new URL(request.url).searchParams.get("token");
  const found = await checkConfirmLink(context.services, token);
  if (found.outcome === "ready" && token) return { state: "ready", token, email: found.email ?? "" };
  if (found.outcome === "already") return { state: "already", email: found.email };
  return { state: "invalid" };
}

/**
 * Confirming takes a press of the button, not just opening the link: mail scanners that open every link in a
 * message would otherwise confirm addresses nobody confirmed.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<State> {
  const form = await request.formData().catch(() => null);
  const token = form?.get("token");
  const outcome = await confirmNewsletterLink(context.services, typeof token === "string" ? token : null);
  return outcome === "invalid" ? { state: "invalid" } : { state: outcome };
}

export function meta() {
  return [
    ...pageMeta({
      title: "Confirm your subscription",
      description: `Confirm your subscription to the ${SITE_NAME} newsletter.`,
      path: "/newsletter/confirm",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const s = actionData ?? loaderData;
  if (s.state === "ready") {
    return (
      <main id="main">
        <PageIntro title="Confirm your subscription" lead={`One more step to receive the ${SITE_NAME} newsletter.`} />
        <div className="mx-auto max-w-3xl px-4 py-10">
          <Form method="post">
            <input type="hidden" name="token" value={s.token} />
            <p className="text-lg text-stone-800">
              Confirm that <strong className="break-all">{s.email}</strong> should receive the newsletter.
            </p>
            <button
              type="submit"
              className="mt-6 rounded-lg bg-leaf-700 px-5 py-3 font-semibold text-white hover:bg-leaf-800"
            >
              Confirm my subscription
            </button>
          </Form>
        </div>
      </main>
    );
  }
  const text =
    s.state === "confirmed"
      ? {
          title: "You are subscribed",
          lead: "Thank you for confirming. The next issue will reach you in your inbox.",
        }
      : s.state === "already"
        ? { title: "Already confirmed", lead: "This subscription is confirmed already: nothing more to do." }
        : {
            title: "This link does not work",
            lead: "It has expired (links work for 7 days), was already used, or was copied incompletely.",
          };
  return (
    <main id="main">
      <PageIntro title={text.title} lead={text.lead} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <p role="status" className="text-stone-800">
          {s.state === "invalid" ? (
            <>
              Subscribe again on the{" "}
              <AppLink to="/newsletter" className="font-medium text-leaf-700 underline">
                newsletter page
              </AppLink>{" "}
              and we will send you a new link.
            </>
          ) : (
            <>
              Meanwhile, explore the{" "}
              <AppLink to="/map" className="font-medium text-leaf-700 underline">
                map of places to learn permaculture
              </AppLink>
              .
            </>
          )}
        </p>
      </div>
    </main>
  );
}
