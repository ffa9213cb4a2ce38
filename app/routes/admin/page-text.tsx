import { data, Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/content/admin-page";
import { MarkdownImageInsert } from "~/components/admin/media/markdown-image-insert";
import { formatDateTime } from "~/components/admin/shell/format";
import { PageHeader } from "~/components/admin/shell/page-header";
import { ErrorSummary, fieldIds, SubmitButton, TextAreaField, TextField } from "~/components/forms/form-field";
import { PROSE_TYPE, ProseHtml } from "~/components/public/prose";
import { PAGES_ADMIN_PATH, pageTextEditPath } from "~/lib/admin-paths";
import { languageDisplayName } from "~/lib/i18n/entry-translations";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "~/lib/i18n/languages";
import {
  PAGE_TEXT_PLACEHOLDERS,
  type PageTextDefinition,
  pageTextDefinition,
  pageTextFormSchema,
} from "~/lib/page-texts";
import { fieldErrors } from "~/lib/schemas";
import { readForm } from "~/server-lib/form.server";
import {
  getPageTextForEdit,
  previewPageText,
  restorePageTextRevision,
  savePageText,
} from "~/services/site/page-texts.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/page-text";

const NO_STORE = { "Cache-Control": "no-store" };

function definitionOf(key: string | undefined): PageTextDefinition {
  const def = pageTextDefinition(key ?? "");
  if (!def) throw data("There is no such text. Choose one from the list of pages.", { status: 404, headers: NO_STORE });
  return def;
}

/**
 * The language of the text being edited: `?language=` (English when absent). Each language's text is its own series
 * of revisions; a page in a language without its own text shows the English one.
 */
function languageOf(request: Request): Language {
  const value = new URL(request.url).searchParams.get("language");
  if (value === null || value === "") return DEFAULT_LANGUAGE;
  if (!isLanguage(value)) {
    throw data("This language is not one of the site's languages.", { status: 400, headers: NO_STORE });
  }
  return value;
}

/** The edit screen of a text in a language. */
function editPath(key: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? pageTextEditPath(key) : `${pageTextEditPath(key)}?language=${language}`;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const def = definitionOf(params.key);
  const language = languageOf(request);
  const [text, english] = await Promise.all([
    getPageTextForEdit(context.services, def, language),
    language === DEFAULT_LANGUAGE ? null : getPageTextForEdit(context.services, def, DEFAULT_LANGUAGE),
  ]);
  return data(
    { def, language, english: english?.body ?? null, englishUpdatedAt: english?.updatedAt ?? null, ...text },
    { headers: NO_STORE },
  );
}

type ActionResult = {
  errors: Record<string, string>;
  body: string | null;
  /** The rendered text (sanitised HTML for Markdown, the words for plain text), when a preview was asked for. */
  preview: { html: string } | { plain: string } | null;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const def = definitionOf(params.key);
  const language = languageOf(request);
  const form = await readForm(request);
  const str = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : undefined;
  };
  const raw = { intent: str("intent"), body: str("body"), revisionId: str("revisionId") };
  const parsed = pageTextFormSchema(def).safeParse(raw);
  if (!parsed.success) {
    const result: ActionResult = { errors: fieldErrors(parsed.error), body: raw.body ?? null, preview: null };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const input = parsed.data;
  const here = editPath(def.key, language);
  if (input.intent === "preview") {
    const preview =
      def.kind === "markdown"
        ? { html: await previewPageText(context.services, input.body, language) }
        : { plain: input.body };
    const result: ActionResult = { errors: {}, body: input.body, preview };
    return data(result, { headers: NO_STORE });
  }
  if (input.intent === "save") {
    await savePageText(context.services, { def, body: input.body, user, language });
    return redirectWithToast(here, `${def.label} saved. The site shows it now.`, "success", { headers: NO_STORE });
  }
  const restored = await restorePageTextRevision(context.services, {
    def,
    revisionId: input.revisionId,
    user,
    language,
  });
  if (!restored) {
    const result: ActionResult = {
      errors: { revisionId: "That version does not exist for this text. Choose one from the list of saved versions." },
      body: null,
      preview: null,
    };
    return data(result, { status: 400, headers: NO_STORE });
  }
  return redirectWithToast(
    here,
    `${def.label}: the version saved ${formatDateTime(restored.restoredSavedAt)} is back. The site shows it now.`,
    "success",
    { headers: NO_STORE },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.def.label ?? "Page text"} | Pages | Admin` }, { name: "robots", content: "noindex" }];
}

export default function PageTextEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { def, body, source, updatedAt, revisions, language, english, englishUpdatedAt } = loaderData;
  const languageName = languageDisplayName(language, DEFAULT_LANGUAGE);
  // Where the words in the form come from, when this language's text was never saved.
  const unsaved =
    source === "english"
      ? `Not written in ${languageName} yet: ${languageName} pages show the English text, which is in the form to translate.`
      : language === DEFAULT_LANGUAGE
        ? "Never saved: the site shows the built-in text."
        : `Never saved in ${languageName}: ${languageName} pages show the site's starting text, which is in the form.`;
  // A translation saved before the English changed may no longer say the same.
  const englishIsNewer = Boolean(
    language !== DEFAULT_LANGUAGE && updatedAt && englishUpdatedAt && englishUpdatedAt > updatedAt,
  );
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const errors = actionData?.errors ?? {};
  const value = actionData?.body ?? body;
  const preview = actionData?.preview ?? null;
  const markdown = def.kind === "markdown";
  const labels = { body: markdown ? "Text" : def.label, revisionId: "Saved versions", intent: "Form" };
  // A new saved version (a save or a restore) starts the form afresh with its text; a preview keeps what was typed.
  const formKey = revisions[0]?.id ?? "default";

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={PAGES_ADMIN_PATH} className="font-semibold text-leaf-800 underline">
          All pages
        </Link>
      </p>
      <PageHeader
        title={language === DEFAULT_LANGUAGE ? `Edit: ${def.label}` : `Edit: ${def.label} (${languageName})`}
        description={
          <>
            Shown on: {def.shownOn}. {updatedAt ? `Last saved ${formatDateTime(updatedAt)}.` : unsaved}{" "}
            <a href={def.path} className="font-semibold text-leaf-800 underline">
              View the page
            </a>
          </>
        }
      />
      <ErrorSummary errors={errors} labels={labels} />
      <nav aria-label="Language of this text" className="mb-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {LANGUAGES.map((l) => (
            <li key={l}>
              <Link
                to={editPath(def.key, l)}
                aria-current={l === language ? "page" : undefined}
                className="rounded-md border border-stone-300 px-3 py-1 font-semibold text-leaf-800 underline aria-[current=page]:bg-leaf-800 aria-[current=page]:text-white"
              >
                {languageDisplayName(l, DEFAULT_LANGUAGE)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {englishIsNewer && englishUpdatedAt ? (
        <p className="mb-4 max-w-3xl rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          The English text was saved after this translation (on {formatDateTime(englishUpdatedAt)}): check that the{" "}
          {languageName} text still says the same.
        </p>
      ) : null}
      {english !== null ? (
        <details className="mb-4 max-w-3xl rounded-md border border-stone-200 bg-stone-50 p-3">
          <summary className="cursor-pointer font-semibold text-stone-900">The English text, to translate from</summary>
          <p lang="en" className="mt-2 max-h-64 overflow-y-auto whitespace-pre-line break-words text-sm text-stone-800">
            {english}
          </p>
        </details>
      ) : null}
      <Form
        method="post"
        action={editPath(def.key, language)}
        noValidate
        className="max-w-3xl space-y-4"
        key={`${language}:${formKey}`}
      >
        {markdown ? (
          <>
            <TextAreaField
              name="body"
              label="Text"
              rows={18}
              required
              defaultValue={value}
              error={errors.body}
              hint={
                <>
                  Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>,{" "}
                  <code>[link text](/page or https://address)</code>, lists with <code>-</code> or <code>1.</code>,
                  quotes with <code>&gt;</code>, images with <code>![description](address)</code> from the media library
                  (with empty brackets, <code>![](address)</code>, the image takes its alt text from the media library,
                  and its caption when it stands alone). <code>## Heading {"{#name}"}</code> gives a heading the address{" "}
                  <code>#name</code> in every language. Write <code>{PAGE_TEXT_PLACEHOLDERS.siteName}</code> for the
                  site's name, <code>{PAGE_TEXT_PLACEHOLDERS.contactEmail}</code> for the contact address and{" "}
                  <code>{PAGE_TEXT_PLACEHOLDERS.dataLicence}</code> for the data licence (a link to it), both from Site
                  settings. Scripts, styles and embedded frames are removed. At most {def.max.toLocaleString("en-GB")}{" "}
                  characters.
                </>
              }
            />
            <MarkdownImageInsert textareaId={fieldIds("body").id} />
          </>
        ) : (
          <TextField
            name="body"
            label={def.label}
            required
            defaultValue={value}
            maxLength={def.max}
            error={errors.body}
            hint={`One line of plain text, at most ${def.max} characters.`}
          />
        )}
        <div className="flex flex-wrap gap-3">
          <SubmitButton
            name="intent"
            value="preview"
            variant="secondary"
            pending={pendingIntent === "preview"}
            pendingLabel="Preparing the preview..."
          >
            Preview
          </SubmitButton>
          <SubmitButton name="intent" value="save" pending={pendingIntent === "save"}>
            Save
          </SubmitButton>
        </div>
      </Form>

      {preview ? (
        <section
          aria-labelledby="preview-heading"
          className="mt-8 max-w-3xl rounded-lg border-2 border-dashed border-leaf-700 bg-white p-4"
        >
          <h2 id="preview-heading" className="text-lg font-semibold text-stone-900">
            Preview (not saved yet)
          </h2>
          {"html" in preview ? (
            <div data-testid="page-text-preview">
              <ProseHtml html={preview.html} className={`pb-2 ${PROSE_TYPE}`} />
            </div>
          ) : (
            <p data-testid="page-text-preview" className="mt-2 text-lg text-stone-900">
              {preview.plain}
            </p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="revisions-heading" className="mt-10 max-w-3xl">
        <h2 id="revisions-heading" className="text-lg font-semibold text-stone-900">
          Saved versions
        </h2>
        {errors.revisionId ? (
          <p id={fieldIds("revisionId").id} className="mt-1 text-sm font-semibold text-red-800">
            {errors.revisionId}
          </p>
        ) : null}
        {revisions.length === 0 ? (
          <p className="mt-1 text-stone-700">
            Nothing saved yet{language === DEFAULT_LANGUAGE ? "" : ` in ${languageName}`}.
          </p>
        ) : (
          <ol className="mt-3 space-y-3">
            {revisions.map((r) => (
              <li key={r.id} className="rounded-lg border border-stone-200 bg-white p-3">
                <p className="text-sm text-stone-800">
                  <span className="font-semibold">
                    <time dateTime={r.at}>{formatDateTime(r.at)}</time>
                  </span>{" "}
                  by {r.by}
                  {r.restoredFrom ? ` (restored the version ${r.restoredFrom})` : ""}
                  {r.current ? <span className="ml-2 font-semibold text-leaf-800">Shown on the site now</span> : null}
                </p>
                <p className="mt-1 break-words text-sm text-stone-700">{r.excerpt}</p>
                {r.current ? null : (
                  <Form method="post" action={editPath(def.key, language)} className="mt-2">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revisionId" value={r.id} />
                    <SubmitButton
                      variant="secondary"
                      pending={pendingIntent === "restore" && navigation.formData?.get("revisionId") === String(r.id)}
                      pendingLabel="Restoring..."
                    >
                      Restore the version saved {formatDateTime(r.at)}
                    </SubmitButton>
                  </Form>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={PAGES_ADMIN_PATH} listLabel="Back to the list of pages" />;
}
