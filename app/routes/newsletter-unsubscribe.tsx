import { Form } from "react-router";
import { AppLink } from "../components/app-link";
import { PageIntro } from "../components/public/page-intro";
import { SITE_NAME } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import { checkUnsubscribeLink, unsubscribeByLink } from "../services/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
});

type State =
  | { state: "ask"; token: string; email: string }
  | { state: "unsubscribed"; email?: string }
  | { state: "invalid" };

export async function loader({ request, context }: Route.LoaderArgs): Promise<State> {
  const token = new URL(request.url).searchParams.get("token");
  const found = await checkUnsubscribeLink(context.services, token);
  if (!found || !token) return { state: "invalid" };
  return found.unsubscribed
    ? { state: "unsubscribed", email: found.email }
    : { state: "ask", token, email: found.email };
}

/**
 * Unsubscribes: the page's button, or a mail client's one-click unsubscribe (RFC 8058: a POST to the message's
 * List-Unsubscribe address with `List-Unsubscribe=One-Click`). The token comes from the address or the form.
 * No sign-in: the signed token is the authority.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<State> {
  const fromUrl = new URL(request.url).searchParams.get("token");
  const form = await request.formData().catch(() => null);
  const fromForm = form?.get("token");
  const token = typeof fromForm === "string" && fromForm ? fromForm : fromUrl;
  const found = await checkUnsubscribeLink(context.services, token);
  const outcome = await unsubscribeByLink(context.services, token);
  if (outcome === "invalid") return { state: "invalid" };
  return { state: "unsubscribed", email: found?.email };
}

export function meta() {
  return [
    ...pageMeta({
      title: "Unsubscribe",
      description: `Stop receiving the ${SITE_NAME} newsletter.`,
      path: "/newsletter/unsubscribe",
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const s = actionData ?? loaderData;
  if (s.state === "ask") {
    return (
      <main id="main">
        <PageIntro title="Unsubscribe" lead={`Stop receiving the ${SITE_NAME} newsletter.`} />
        <div className="mx-auto max-w-3xl px-4 py-10">
          <Form method="post">
            <input type="hidden" name="token" value={s.token} />
            <p className="text-lg text-stone-800">
              Unsubscribe <strong className="break-all">{s.email}</strong> from the newsletter?
            </p>
            <button
              type="submit"
              className="mt-6 rounded-lg bg-leaf-700 px-5 py-3 font-semibold text-white hover:bg-leaf-800"
            >
              Unsubscribe
            </button>
          </Form>
        </div>
      </main>
    );
  }
  if (s.state === "unsubscribed") {
    return (
      <main id="main">
        <PageIntro
          title="You are unsubscribed"
          lead={`${s.email ? `${s.email} will` : "This address will"} not receive the newsletter any more.`}
        />
        <div className="mx-auto max-w-3xl px-4 py-10">
          <p role="status" className="text-stone-800">
            Changed your mind? Subscribe again on the{" "}
            <AppLink to="/newsletter" className="font-medium text-leaf-700 underline">
              newsletter page
            </AppLink>
            .
          </p>
        </div>
      </main>
    );
  }
  return (
    <main id="main">
      <PageIntro title="This link does not work" lead="It may have been copied incompletely." />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <p role="status" className="text-stone-800">
          Use the unsubscribe link at the foot of any newsletter, or write to us from the{" "}
          <AppLink to="/about" className="font-medium text-leaf-700 underline">
            about page
          </AppLink>{" "}
          and we will remove your address.
        </p>
      </div>
    </main>
  );
}
