import { AppLink } from "../components/app-link";
import { CalendarDays, Leaf, ShieldCheck } from "../components/icons";
import { NewsletterForm, type NewsletterFormState } from "../components/newsletter-form";
import { isNewsletterErrorCode, NEWSLETTER_ERRORS } from "../components/newsletter-outcome";
import { NEWSLETTER_MESSAGES } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/newsletter";

export function loader({ request, context }: Route.LoaderArgs) {
  // The outcome of a no-JavaScript sign-up comes back as ?subscribed=1 or ?error=<code>.
  const params = new URL(request.url).searchParams;
  const error = params.get("error");
  let outcome: NewsletterFormState | null = null;
  if (params.get("subscribed") === "1") {
    outcome = { status: "success", message: NEWSLETTER_MESSAGES.success, fieldError: null };
  } else if (isNewsletterErrorCode(error)) {
    const e = NEWSLETTER_ERRORS[error];
    outcome = e.field
      ? { status: "idle", message: "", fieldError: e.message }
      : { status: "error", message: e.message, fieldError: null };
  }
  return { siteUrl: context.services.config.siteUrl, outcome };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: "Newsletter",
    description:
      "A monthly e-mail with new places to learn permaculture, upcoming programs, podcast episodes and stories from the community.",
    siteUrl: loaderData?.siteUrl,
    path: "/newsletter",
  });
}

const PERKS = [
  {
    icon: Leaf,
    title: "New places and programs",
    text: "Farms, schools and ecovillages that joined the directory, and courses opening for enrolment.",
  },
  {
    icon: CalendarDays,
    title: "About once a month",
    text: "One e-mail a month, sometimes a short extra when a program opens at short notice. Never more than two.",
  },
  {
    icon: ShieldCheck,
    title: "Your address stays with us",
    text: "We use it only to send the newsletter, never sell or share it, and every e-mail has an unsubscribe link.",
  },
] as const;

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold text-leaf-900">Newsletter</h1>
      <p className="mt-4 max-w-2xl text-lg text-stone-800">
        Stay in touch with permaculture educators and learners around the world. Each issue brings what is new in the
        directory, programs you can still join, the latest podcast episodes and a story from one of our change-makers.
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-3">
        {PERKS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border border-leaf-100 bg-white p-5">
            <Icon aria-hidden="true" className="size-6 text-leaf-700" />
            <h2 className="mt-3 font-semibold text-stone-900">{title}</h2>
            <p className="mt-1 text-sm text-stone-700">{text}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="subscribe-heading" className="mt-10 rounded-lg bg-leaf-50 p-6">
        <h2 id="subscribe-heading" className="text-2xl font-semibold text-leaf-900">
          Subscribe
        </h2>
        <p className="mt-1 text-stone-800">Enter your e-mail address and we will add you to the next issue.</p>
        <div className="mt-4 max-w-lg">
          <NewsletterForm
            key={outcome ? `${outcome.status}-${outcome.fieldError ?? outcome.message}` : "fresh"}
            source="newsletter-page"
            initialState={outcome ?? undefined}
          />
        </div>
        <p className="mt-2 text-sm text-stone-700">
          We will send you an e-mail with a link to confirm your address: the newsletter starts once you click it.
        </p>
        <p className="mt-1 text-sm text-stone-700">
          By subscribing you agree to our{" "}
          <AppLink to="/privacy" className="font-medium text-leaf-700 underline">
            privacy policy
          </AppLink>
          . Every newsletter has a link to unsubscribe at any time.
        </p>
      </section>
    </main>
  );
}
