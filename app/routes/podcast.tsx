import { data, Form, useNavigation } from "react-router";
import { formatDate, formatDuration, paragraphs } from "~/lib/format";
import { Trans, useLocalizeHref, useTranslation } from "~/lib/i18n/react";
import { requestTranslate } from "~/server-lib/messages.server";
import { describeImages } from "~/services/entries/stored-image.server";
import { listEpisodes } from "~/services/newsletter/podcast.server";
import { signUpAfterAnswer } from "~/services/newsletter/subscription-links.server";
import { hitClientRateLimit } from "~/services/site/rate-limits.server";
import { AppLink } from "../components/app-link";
import { CalendarDays, CircleCheck, Clock, Mic, Rss } from "../components/icons";
import { IconFact } from "../components/public/icon-fact";
import { EmptyState, PageIntro } from "../components/public/page-intro";
import { ShownInNote, ShownText } from "../components/public/shown-in-note";
import { entryForPage } from "../lib/i18n/entry-translations";
import { metaTranslate, pageMeta, siteNameFrom } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { EmailSchema } from "../lib/schemas";
import { z } from "../lib/zod";
import { readFormOrNull } from "../server-lib/form.server";
import type { Route } from "./+types/podcast";

const PodcastSubscribeSchema = z.object({ email: EmailSchema });

const NO_STORE = { "Cache-Control": "no-store" };
/** An episode's date, length and guest, side by side. */
const FACT = "inline-flex items-center gap-1";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, lang } = requestTranslate(request);
  const { db, config, storage } = context.services;
  const episodes = await listEpisodes(db);
  // The episodes' art with its words from the media library (one lookup for all of them).
  const art = await describeImages(
    context.services,
    storage?.bucket,
    episodes.flatMap((e) => (e.imageUrl ? [e.imageUrl] : [])),
    lang,
  ).catch(() => new Map<string, never>());
  return {
    siteUrl: config.siteUrl,
    episodes: episodes.map((e) => {
      const shown = entryForPage("episode", e, lang);
      const words = e.imageUrl ? art.get(e.imageUrl) : undefined;
      return {
        // Staff's picture for the episode; without an alt text it only decorates the title beside it.
        image: e.imageUrl ? { src: e.imageUrl, alt: words?.alt ?? null } : null,
        id: e.id,
        number: e.number,
        title: shown.text.title,
        /** The original title, for analytics (one label per episode whatever the page's language). */
        originalTitle: e.title,
        summary: shown.text.summary,
        showNotes: shown.text.showNotes,
        lang: shown.lang,
        guest: e.guest,
        audioUrl: e.audioUrl,
        audioType: e.audioType,
        duration: formatDuration(e.durationSeconds, t),
        publishedAt: e.publishedAt.toISOString(),
        published: formatDate(e.publishedAt, lang),
      };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { t, lang } = requestTranslate(request);
  const limit = await hitClientRateLimit(context.services, "podcast", context.clientIp);
  const form = await readFormOrNull(request, t);
  const email = typeof form?.get("email") === "string" ? String(form?.get("email")) : "";
  if (!limit.allowed) {
    return data(
      { ok: false as const, message: t("podcast.tooMany"), errors: {} as Record<string, string>, email },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) } },
    );
  }
  const parsed = PodcastSubscribeSchema.safeParse({ email });
  if (!parsed.success) {
    // The address's problem in the page's language: missing, too long, or not an address.
    const trimmed = email.trim();
    const message =
      trimmed === ""
        ? t("podcast.missingEmail")
        : trimmed.length > 254
          ? t("podcast.emailTooLong")
          : t("podcast.invalidEmail");
    const errors: Record<string, string> = { email: message };
    return data({ ok: false as const, message, errors, email }, { status: 400, headers: NO_STORE });
  }
  // Stored unconfirmed with the page's language, and its confirmation queued, once the answer is sent: new, waiting
  // and confirmed addresses get the same answer, as quick, so the form tells nothing about who subscribed (decisions
  // 054, 057). A failure there is logged; the visitor was told to look for the confirmation.
  signUpAfterAnswer(context.services, "podcast", {
    email: parsed.data.email,
    lang: lang,
    clientIp: context.clientIp || "unknown",
  });
  return data(
    { ok: true as const, message: t("podcast.success"), errors: {} as Record<string, string>, email: "" },
    { headers: NO_STORE },
  );
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslate(matches);
  return [
    ...pageMeta({
      matches,
      title: t("podcast.title"),
      description: t("feeds.podcastDescription"),
      siteUrl: loaderData?.siteUrl,
      path: "/podcast",
    }),
    // The feed for podcast apps, named in the page's language (the feed itself is English, at one address).
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: t("rest.podcastFeedTitle", { siteName: siteNameFrom(matches) }),
      href: "/podcast.xml",
    },
  ];
}

function SubscribeForm({ result }: { result: Route.ComponentProps["actionData"] }) {
  const localize = useLocalizeHref();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === localize("/podcast");
  const error = result && !result.ok ? (result.errors.email ?? result.message) : undefined;
  return (
    <section aria-labelledby="subscribe-heading" className="rounded-xl bg-leaf-900 p-6 text-white">
      <h2 id="subscribe-heading" className="text-xl font-semibold">
        {t("podcast.subscribeHeading")}
      </h2>
      <p className="mt-1 text-leaf-50">{t("podcast.subscribeText")}</p>
      {result?.ok ? (
        <p role="status" className="mt-4 flex items-start gap-2 rounded-md bg-white p-3 font-medium text-leaf-900">
          <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-leaf-700" />
          {result.message}
        </p>
      ) : (
        <Form
          method="post"
          action={localize("/podcast")}
          noValidate
          className="mt-4"
          data-analytics-form="podcast-subscribe"
        >
          <label htmlFor="podcast-email" className="block font-medium">
            {t("podcast.email")}
          </label>
          <div className="mt-1 flex flex-col gap-2">
            <input
              id="podcast-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={result?.email ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "podcast-email-error" : undefined}
              className="min-h-11 w-full min-w-0 rounded-md border border-white bg-white px-3 py-2 text-stone-900"
            />
            <button
              type="submit"
              disabled={submitting}
              className="min-h-11 rounded-md bg-soil-100 px-5 py-2 font-semibold text-soil-900 hover:bg-white disabled:opacity-70"
            >
              {submitting ? t("podcast.subscribing") : t("podcast.subscribe")}
            </button>
          </div>
          {error ? (
            <p
              id="podcast-email-error"
              role="alert"
              className="mt-2 rounded bg-white px-3 py-1.5 text-sm font-medium text-red-800"
            >
              {error}
            </p>
          ) : null}
          <p className="mt-3 text-sm text-leaf-50">
            <Trans i18nKey="podcast.privacy" components={{ anchor: <AppLink to="/privacy" className="underline" /> }} />
          </p>
        </Form>
      )}
    </section>
  );
}

export default function Podcast({ loaderData, actionData }: Route.ComponentProps) {
  const { episodes } = loaderData;
  const { t, lang: pageLang } = useTranslation();
  return (
    <main id="main">
      <PageIntro title={t("podcast.title")} lead={t("feeds.podcastDescription")}>
        <p className="mt-4">
          <a
            href="/podcast.xml"
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-leaf-300 bg-white px-4 py-2 font-semibold text-leaf-900 hover:bg-leaf-50"
          >
            <Rss aria-hidden="true" className="h-4 w-4" />
            {t("podcast.rss")}
          </a>
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-3">
        <section aria-labelledby="episodes-heading" className="lg:col-span-2">
          <h2 id="episodes-heading" className="text-2xl font-semibold text-leaf-900">
            {t("podcast.episodes")}
          </h2>
          {episodes.length === 0 ? (
            <div className="mt-4">
              <EmptyState title={t("podcast.none")}>
                <p>{t("podcast.subscribeToHear")}</p>
              </EmptyState>
            </div>
          ) : (
            <ol className="mt-4 space-y-6">
              {episodes.map((e) => (
                <li key={e.id} id={`episode-${e.number}`}>
                  <article className="flow-root rounded-xl border border-leaf-100 bg-white p-5 shadow-sm">
                    {e.image ? (
                      <img
                        src={e.image.src}
                        alt={e.image.alt?.text ?? ""}
                        lang={e.image.alt && e.image.alt.lang !== pageLang ? e.image.alt.lang : undefined}
                        width={96}
                        height={96}
                        loading="lazy"
                        decoding="async"
                        className="float-right mb-2 ml-4 size-24 rounded-lg object-cover"
                      />
                    ) : null}
                    <p className="text-sm font-medium text-soil-700">{t("podcast.episode", { number: e.number })}</p>
                    <h3 className="mt-1 text-xl font-semibold text-leaf-900" lang={e.lang.title ?? undefined}>
                      {e.title}
                    </h3>
                    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
                      <IconFact icon={CalendarDays} as="span" className={FACT} iconClassName="h-4 w-4">
                        <time dateTime={e.publishedAt}>{e.published}</time>
                      </IconFact>
                      {e.duration ? (
                        <IconFact icon={Clock} as="span" className={FACT} iconClassName="h-4 w-4">
                          {e.duration}
                        </IconFact>
                      ) : null}
                      {e.guest ? (
                        <IconFact icon={Mic} as="span" className={FACT} iconClassName="h-4 w-4">
                          {t("podcast.withGuest", { guest: e.guest })}
                        </IconFact>
                      ) : null}
                    </p>
                    <ShownText of={e} field="summary" className="mt-3" textClassName="text-stone-800" />
                    {e.audioUrl ? (
                      // biome-ignore lint/a11y/useMediaCaption: episodes have written show notes below; no caption track exists
                      <audio
                        controls
                        preload="none"
                        className="mt-4 w-full"
                        aria-label={t("podcast.play", { number: e.number, title: e.title })}
                        data-analytics-play="podcast:play"
                        data-analytics-label={`Episode ${e.number}: ${e.originalTitle}`}
                        data-analytics-value={e.number}
                      >
                        <source src={e.audioUrl} type={e.audioType} />
                        <a href={e.audioUrl}>{t("podcast.download", { number: e.number })}</a>
                      </audio>
                    ) : (
                      <p className="mt-4 text-sm text-stone-600">{t("podcast.audioSoon")}</p>
                    )}
                    {e.showNotes ? (
                      <details className="mt-4 rounded-md bg-soil-50 p-3">
                        <summary className="cursor-pointer font-semibold text-leaf-800">
                          {t("podcast.showNotes")}
                        </summary>
                        <ShownInNote note={e.lang.showNotes} className="mt-3 mb-1 text-stone-700" />
                        <div
                          className={`${e.lang.showNotes ? "" : "mt-3 "}space-y-3 text-stone-800`}
                          lang={e.lang.showNotes ?? undefined}
                        >
                          {paragraphs(e.showNotes).map((para, i) =>
                            para.includes("\n- ") || para.startsWith("- ") ? (
                              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, never reordered
                              <div key={i}>
                                {para
                                  .split("\n")
                                  .filter((line) => !line.startsWith("- "))
                                  .map((line) => (
                                    <p key={line}>{line}</p>
                                  ))}
                                <ul className="mt-1 list-disc pl-6">
                                  {para
                                    .split("\n")
                                    .filter((line) => line.startsWith("- "))
                                    .map((line) => (
                                      <li key={line}>{line.slice(2)}</li>
                                    ))}
                                </ul>
                              </div>
                            ) : (
                              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, never reordered
                              <p key={i}>{para}</p>
                            ),
                          )}
                        </div>
                      </details>
                    ) : null}
                  </article>
                </li>
              ))}
            </ol>
          )}
        </section>
        <aside>
          <SubscribeForm result={actionData} />
        </aside>
      </div>
    </main>
  );
}
