import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useRevalidator } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/content/admin-page";
import { TranslationFields } from "~/components/admin/content/translation-fields";
import { useSubmitting } from "~/components/admin/content/use-navigation-state";
import { PageHeader } from "~/components/admin/shell/page-header";
import { buttonClasses, ErrorSummary, TextAreaField, TextField } from "~/components/forms/form-field";
import {
  languageDisplayName,
  originalLanguage,
  readEntryLanguageForm,
  translationFormValues,
  translationLabels,
} from "~/lib/i18n/entry-translations";
import { type IssueLanguageState, issueLanguageStates } from "~/lib/i18n/issue-translations";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "~/lib/i18n/languages";
import { fieldErrors } from "~/lib/schemas";
import { type FormValues, formDataToObject, textValue } from "~/lib/schemas/form";
import { IssueActionSchema } from "~/lib/schemas/newsletter-issue";
import { readForm } from "~/server-lib/form.server";
import {
  countNewsletterSubscriptions,
  deleteDraft,
  getIssue,
  issueProgress,
  previewIssueHtml,
  sendIssue,
  sendTestIssue,
  updateDraft,
} from "~/services/newsletter/newsletter-issues.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { auditStaffAction } from "~/services/staff/audit.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/newsletter-issue";

const LIST = "/admin/dashboard/newsletter/issues";

/** The language a preview shows the issue in (`?language=`): a subscriber's; the original's when not given. */
function previewLanguageOf(request: Request, original: Language): Language {
  const asked = new URL(request.url).searchParams.get("language");
  return isLanguage(asked) ? asked : original;
}

/** The issue's form values: subject, body, original language and the translation fields. */
function issueValues(issue: { subject: string; body: string; language: string; translations: unknown }): FormValues {
  return { subject: issue.subject, body: issue.body, ...translationFormValues("newsletter-issue", issue) };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const issue = await getIssue(context.services.db, params.id);
  if (!issue) throw data("No newsletter issue with this id exists.", { status: 404 });
  const [subscribers, progress] = await Promise.all([
    countNewsletterSubscriptions(context.services.db),
    issue.status === "draft" ? null : issueProgress(context.services, issue),
  ]);
  const confirming = new URL(request.url).searchParams.get("confirm") === "send";
  const original = originalLanguage(issue.language);
  const previewLanguage = previewLanguageOf(request, original);
  return data(
    {
      issue: {
        id: issue.id,
        subject: issue.subject,
        body: issue.body,
        language: original,
        status: progress && progress.done >= issue.recipients && issue.status === "sending" ? "sent" : issue.status,
        recipients: issue.recipients,
        sendStartedAt: issue.sendStartedAt?.toISOString() ?? null,
      },
      values: issueValues(issue),
      languages: issueLanguageStates(issue),
      previewLanguage,
      preview: previewIssueHtml(context.services, issue, previewLanguage),
      subscribers,
      progress,
      confirming,
      sending: context.services.mail.sending,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const { db } = context.services;
  const values = formDataToObject(await readForm(request));
  const parsed = IssueActionSchema.safeParse(values);
  const intent = values.intent;
  const editing = intent === "save" || intent === "test";
  const stored = editing ? await getIssue(db, params.id) : null;
  if (editing && !stored) throw data("No newsletter issue with this id exists.", { status: 404 });
  // The original language and translations are read with the stored ones (a field not sent keeps its text).
  const language = editing ? readEntryLanguageForm("newsletter-issue", values, stored) : null;
  if (!parsed.success || (language && !language.ok)) {
    const errors = {
      ...(parsed.success ? {} : fieldErrors(parsed.error)),
      ...(language && !language.ok ? language.errors : {}),
    };
    return data({ errors, values }, { status: 400 });
  }
  const here = `${LIST}/${params.id}`;
  const input = parsed.data;
  const audit = (summary: string, action: "update" | "send" | "delete") =>
    auditStaffAction(context.services, { user, action, entity: "newsletter-issue", entityId: params.id, summary });
  if (input.intent === "save" || input.intent === "test") {
    const translated = language?.ok ? language.value : {};
    if (!(await updateDraft(db, params.id, { subject: input.subject, body: input.body, ...translated }))) {
      return data({ errors: { form: "This issue is no longer a draft: it has been sent." } }, { status: 409 });
    }
    // Back to the preview in the language it showed.
    const asked = new URL(request.url).searchParams.get("language");
    const back = isLanguage(asked) ? `${here}?language=${asked}` : here;
    if (input.intent === "save") return redirectWithToast(back, "Draft saved");
    const issue = await getIssue(db, params.id);
    if (!issue) throw data("No newsletter issue with this id exists.", { status: 404 });
    await sendTestIssue(context.services, issue, user.email, input.previewLanguage);
    return redirectWithToast(
      back,
      context.services.mail.sending
        ? `A test is on its way to ${user.email}`
        : "The test is in the Outbox (no mail server is configured)",
    );
  }
  if (input.intent === "delete") {
    if (!(await deleteDraft(db, params.id))) {
      return data({ errors: { form: "Only a draft can be deleted." } }, { status: 409 });
    }
    await audit("Deleted a newsletter draft", "delete");
    return redirectWithToast(LIST, "Draft deleted");
  }
  const result = await sendIssue(context.services, params.id);
  if (result.outcome === "not-draft") {
    return data({ errors: { form: "This issue has already been sent." } }, { status: 409 });
  }
  if (result.outcome === "no-subscribers") {
    return data({ errors: { form: "There is no confirmed subscriber to send it to yet." } }, { status: 409 });
  }
  await audit(`Sent a newsletter issue to ${result.recipients} subscribers`, "send");
  throw redirect(here);
}

const LABELS: Record<string, string> = {
  subject: "Subject",
  body: "Text",
  form: "Issue",
  previewLanguage: "Preview language",
  ...translationLabels("newsletter-issue"),
};

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.issue.subject ?? "Newsletter issue"} | Admin` }, { name: "robots", content: "noindex" }];
}

/** The e-mail as it will look, updated as staff type (debounced; a newer request supersedes an older one). */
function usePreview(initial: string, issueId: string, previewLanguage: Language) {
  const fetcher = useFetcher<{ html: string; previewLanguage: Language }>();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [html, setHtml] = useState(initial);
  useEffect(() => setHtml(initial), [initial]);
  // A typed preview replaces the stored one, unless it was asked for another language: a late reply for the language
  // staff just left must not cover the one they switched to.
  const shownLanguage = useRef(previewLanguage);
  shownLanguage.current = previewLanguage;
  useEffect(() => {
    if (fetcher.data?.html && fetcher.data.previewLanguage === shownLanguage.current) setHtml(fetcher.data.html);
  }, [fetcher.data]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const onInput = (form: HTMLFormElement) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // The whole form (original, language, translations): the server picks what a subscriber of the
      // previewed language gets.
      const fd = new FormData(form);
      fd.delete("intent");
      fd.set("previewLanguage", previewLanguage);
      fetcher.submit(fd, { method: "post", action: `${LIST}/${issueId}/preview` });
    }, 400);
  };
  return { html, onInput };
}

const STATE_TEXT: Record<IssueLanguageState, string> = {
  original: "original",
  translated: "translated",
  incomplete: "translation incomplete: gets the original",
  untranslated: "not translated: gets the original",
};

/** Who gets which text, for the confirmation before sending. */
function audienceSentence(states: Record<Language, IssueLanguageState>, original: Language): string {
  const name = (l: Language) => languageDisplayName(l, DEFAULT_LANGUAGE);
  const translated = LANGUAGES.filter((l) => states[l] === "translated").map(name);
  if (translated.length === 0) return `Every subscriber gets the original (${name(original)}).`;
  const list = new Intl.ListFormat("en", { type: "conjunction" }).format(translated);
  return `Subscribers reading ${list} get their translation; everyone else gets the original (${name(original)}).`;
}

/** Links to the preview as a subscriber of each language sees it, with what that language's subscribers get. */
function PreviewLanguages({ current, states }: { current: Language; states: Record<Language, IssueLanguageState> }) {
  return (
    <nav aria-label="Preview in a subscriber's language" className="mb-3">
      <p className="text-sm font-semibold text-stone-800">Subscribers reading:</p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <Link
              to={`?language=${lang}`}
              aria-current={lang === current ? "page" : undefined}
              className={lang === current ? "font-semibold text-stone-900 no-underline" : "text-leaf-800 underline"}
              preventScrollReset
            >
              {languageDisplayName(lang, DEFAULT_LANGUAGE)}
            </Link>{" "}
            <span className="text-stone-700">({STATE_TEXT[states[lang]]})</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SendProgress({ done, total, sent, failed }: { done: number; total: number; sent: number; failed: number }) {
  const label = `${sent.toLocaleString("en")} of ${total.toLocaleString("en")} sent${failed ? `, ${failed.toLocaleString("en")} failed` : ""}`;
  return (
    <div className="mt-3">
      <label htmlFor="send-progress" className="block text-sm font-semibold text-stone-900">
        {label}
      </label>
      <progress id="send-progress" max={total} value={done} className="mt-1 h-3 w-full">
        {label}
      </progress>
    </div>
  );
}

export default function NewsletterIssuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, preview, subscribers, progress, confirming, sending, languages, previewLanguage } = loaderData;
  const submitting = useSubmitting();
  const revalidator = useRevalidator();
  const { html, onInput } = usePreview(preview, issue.id, previewLanguage);
  const errors: Record<string, string> = actionData?.errors ?? {};
  // After a refused save, the form shows what was sent (nothing typed is lost); otherwise what is stored.
  const values: FormValues = (actionData && "values" in actionData ? actionData.values : null) ?? loaderData.values;
  const previewName = languageDisplayName(previewLanguage, DEFAULT_LANGUAGE);

  // While the issue goes out, the figures refresh every few seconds.
  useEffect(() => {
    if (issue.status !== "sending" || !sending) return;
    const t = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(t);
  }, [issue.status, sending, revalidator]);

  const frame = (
    <iframe
      title={`Preview of "${issue.subject}" for subscribers reading ${previewName}`}
      srcDoc={html}
      sandbox=""
      className="h-[32rem] w-full rounded border border-stone-300 bg-white"
    />
  );

  if (issue.status !== "draft") {
    return (
      <div>
        <PageHeader
          title={issue.subject}
          description={
            issue.status === "sent"
              ? "Sent."
              : sending
                ? "Being sent to the confirmed subscribers."
                : "Queued for the confirmed subscribers; without a mail server the messages wait in the Outbox."
          }
          actions={
            <Link to={LIST} className={buttonClasses.secondary}>
              All issues
            </Link>
          }
        />
        {progress ? (
          <section aria-labelledby="delivery" className="mb-6 rounded-lg border border-stone-300 bg-white p-5">
            <h2 id="delivery" className="text-lg font-semibold text-stone-900">
              Delivery
            </h2>
            <SendProgress
              done={progress.done}
              total={issue.recipients}
              sent={progress.counts.sent}
              failed={progress.counts.failed}
            />
            <dl className="mt-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-stone-700">Sent</dt>
                <dd className="text-lg font-semibold">{progress.counts.sent}</dd>
              </div>
              <div>
                <dt className="text-stone-700">Failed</dt>
                <dd className="text-lg font-semibold">{progress.counts.failed}</dd>
              </div>
              <div>
                <dt className="text-stone-700">Waiting</dt>
                <dd className="text-lg font-semibold">
                  {progress.counts.queued + progress.counts.sending + progress.counts.held}
                </dd>
              </div>
              <div>
                <dt className="text-stone-700">Unsubscribed since</dt>
                <dd className="text-lg font-semibold">{progress.unsubscribedSince}</dd>
              </div>
            </dl>
            {!sending ? (
              <p className="mt-3 text-sm text-stone-700">
                No mail server is configured: the messages are kept in the{" "}
                <Link to="/admin/dashboard/outbox?kind=newsletter-issue" className="text-leaf-800 underline">
                  Outbox
                </Link>
                .
              </p>
            ) : null}
            {issue.status === "sending" ? (
              <p className="mt-3 text-sm">
                <Link to="." className="text-leaf-800 underline">
                  Refresh
                </Link>
              </p>
            ) : null}
          </section>
        ) : null}
        <h2 className="mb-2 text-lg font-semibold text-stone-900">The message</h2>
        <PreviewLanguages current={previewLanguage} states={languages} />
        {frame}
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title={issue.subject}
        description="A draft. Write in Markdown: the preview shows the e-mail as subscribers will see it."
        actions={
          <Link to={LIST} className={buttonClasses.secondary}>
            All issues
          </Link>
        }
      />
      <ErrorSummary errors={errors} labels={LABELS} />
      {confirming && subscribers > 0 ? (
        <section
          aria-labelledby="confirm-send"
          className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-5 text-stone-900"
        >
          <h2 id="confirm-send" className="text-lg font-semibold">
            Send "{issue.subject}" to {subscribers} confirmed {subscribers === 1 ? "subscriber" : "subscribers"}?
          </h2>
          <p className="mt-1">{audienceSentence(languages, issue.language)}</p>
          <p className="mt-1">Sending cannot be stopped or undone. Save your last changes first.</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="send" />
              <input type="hidden" name="confirmed" value="yes" />
              <button type="submit" className={buttonClasses.primary} disabled={submitting}>
                Send now
              </button>
            </Form>
            <Link to="." className={buttonClasses.secondary}>
              Not yet
            </Link>
          </div>
        </section>
      ) : null}
      <Form method="post" className="space-y-6" aria-label="Issue" onInput={(e) => onInput(e.currentTarget)}>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="min-w-0 space-y-4">
            <TextField
              name="subject"
              label="Subject"
              required
              defaultValue={textValue(values, "subject")}
              error={errors.subject}
              maxLength={200}
            />
            <TextAreaField
              name="body"
              label="Text (Markdown)"
              rows={18}
              defaultValue={textValue(values, "body")}
              error={errors.body}
              hint="# Heading, **bold**, [a link](https://…), - a list. Raw HTML is shown as text."
            />
          </div>
          <section aria-labelledby="preview-heading" className="min-w-0">
            <h2 id="preview-heading" className="mb-2 text-lg font-semibold text-stone-900">
              Preview
            </h2>
            <PreviewLanguages current={previewLanguage} states={languages} />
            {frame}
          </section>
        </div>
        <TranslationFields
          kind="newsletter-issue"
          values={values}
          errors={errors}
          savedLanguage={issue.language}
          languageHint="The language the subject and text above are written in. Each subscriber gets the issue in their own language when both its subject and text are translated, otherwise this original."
        />
        <input type="hidden" name="previewLanguage" value={previewLanguage} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className={buttonClasses.primary} disabled={submitting}>
            Save draft
          </button>
          <button type="submit" name="intent" value="test" className={buttonClasses.secondary} disabled={submitting}>
            Save and send a test to me{previewLanguage === issue.language ? "" : ` (${previewName})`}
          </button>
          {subscribers > 0 ? (
            <Link to="?confirm=send" className={buttonClasses.secondary}>
              Send to {subscribers} {subscribers === 1 ? "subscriber" : "subscribers"}…
            </Link>
          ) : (
            <p className="self-center text-sm text-stone-700">No confirmed subscriber to send it to yet.</p>
          )}
        </div>
        <noscript>
          <p className="text-sm text-stone-700">Save the draft to update the preview.</p>
        </noscript>
      </Form>
      <Form method="post" className="mt-8">
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className={buttonClasses.secondary} disabled={submitting}>
          Delete this draft
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={LIST} listLabel="Back to the issues" />;
}
