import { CalendarDays, Leaf, ShieldCheck } from "../components/icons";
import { NewsletterForm, type NewsletterFormState } from "../components/newsletter-form";
import { isNewsletterErrorCode, NEWSLETTER_ERRORS } from "../components/newsletter-outcome";
import { LinkedMessage } from "../components/public/linked-message";
import { useTranslation } from "../lib/i18n/react";
import { messagePageMetaFor } from "../lib/meta";
import { requestTranslate } from "../server-lib/messages.server";
import type { Route } from "./+types/newsletter";

export function loader({ request, context }: Route.LoaderArgs) {
  // The outcome of a no-JavaScript sign-up comes back as ?subscribed=1 or ?error=<code>.
  const params = new URL(request.url).searchParams;
  const { t } = requestTranslate(request);
  const error = params.get("error");
  let outcome: NewsletterFormState | null = null;
  if (params.get("subscribed") === "1") {
    outcome = { status: "success", message: t("newsletter.success"), fieldError: null };
  } else if (isNewsletterErrorCode(error)) {
    const e = NEWSLETTER_ERRORS[error];
    outcome = e.field
      ? { status: "idle", message: "", fieldError: t(e.key) }
      : { status: "error", message: t(e.key), fieldError: null };
  }
  return { siteUrl: context.services.config.siteUrl, outcome };
}

export const meta = messagePageMetaFor({
  title: "newsletterPage.title",
  description: "newsletterPage.description",
  path: "/newsletter",
});

const PERKS = [
  { icon: Leaf, title: "newsletterPage.placesTitle", text: "newsletterPage.placesText" },
  { icon: CalendarDays, title: "newsletterPage.monthlyTitle", text: "newsletterPage.monthlyText" },
  { icon: ShieldCheck, title: "newsletterPage.privateTitle", text: "newsletterPage.privateText" },
] as const;

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold text-leaf-900">{t("newsletterPage.title")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-stone-800">{t("newsletterPage.lead")}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-3">
        {PERKS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border border-leaf-100 bg-white p-5">
            <Icon aria-hidden="true" className="size-6 text-leaf-700" />
            <h2 className="mt-3 font-semibold text-stone-900">{t(title)}</h2>
            <p className="mt-1 text-sm text-stone-700">{t(text)}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="subscribe-heading" className="mt-10 rounded-lg bg-leaf-50 p-6">
        <h2 id="subscribe-heading" className="text-2xl font-semibold text-leaf-900">
          {t("newsletterPage.subscribeHeading")}
        </h2>
        <p className="mt-1 text-stone-800">{t("newsletterPage.subscribeText")}</p>
        <div className="mt-4 max-w-lg">
          <NewsletterForm
            key={outcome ? `${outcome.status}-${outcome.fieldError ?? outcome.message}` : "fresh"}
            source="newsletter-page"
            initialState={outcome ?? undefined}
          />
        </div>
        <p className="mt-2 text-sm text-stone-700">{t("newsletterPage.confirmNote")}</p>
        <p className="mt-1 text-sm text-stone-700">
          <LinkedMessage i18nKey="newsletterPage.agree" to="/privacy" className="font-medium text-leaf-700 underline" />
        </p>
      </section>
    </main>
  );
}
