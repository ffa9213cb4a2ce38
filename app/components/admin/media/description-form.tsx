import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { buttonClasses, ErrorSummary, TextField } from "~/components/forms/form-field";
import { DEFAULT_LANGUAGE, LANGUAGES, languageDisplayName } from "~/lib/i18n/languages";
import {
  type DescribeResult,
  MEDIA_TEXT_MAX,
  type MediaTextField,
  mediaTextKey,
  readMediaDescription,
} from "~/lib/storage/media-description";
import type { StorageMetadata } from "~/lib/storage/paths";

/** The screen whose action saves a description (app/routes/admin/media-library.tsx). */
const DESCRIBE_ACTION = "/admin/dashboard/media-library";

const OTHER_LANGUAGES = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);

const HINTS: Record<MediaTextField, string> = {
  alt: `What the picture shows, for people who cannot see it (read out by screen readers, shown when it does not load). Used wherever the picture is shown on the site, unless a page text gives its own description. Leave empty for a purely decorative picture. At most ${MEDIA_TEXT_MAX.alt} characters.`,
  caption: `Shown under the picture on the pages of entries and in page texts: credit, place, date. At most ${MEDIA_TEXT_MAX.caption} characters.`,
};

const label = (field: MediaTextField) => (field === "alt" ? "Alt text" : "Caption");

/**
 * A file's alt text and caption, in English and (optionally) each other language, saved with the file's metadata.
 * Pages that show the file use them at once; the saved metadata comes back to the library through `onSaved`.
 */
export function DescriptionForm({
  meta,
  onSaved,
}: {
  meta: StorageMetadata;
  onSaved: (meta: StorageMetadata) => void;
}) {
  const fetcher = useFetcher<DescribeResult>();
  const headingId = useId();
  const saved = useRef<DescribeResult | undefined>(undefined);
  const result = fetcher.data;
  const errors = result && !result.ok ? result.errors : {};
  const texts = readMediaDescription(meta.customMetadata);
  const translated = OTHER_LANGUAGES.some((l) =>
    (["alt", "caption"] as const).some((f) => texts[mediaTextKey(f, l)] || errors[mediaTextKey(f, l)]),
  );

  useEffect(() => {
    if (fetcher.state === "idle" && result && result !== saved.current) {
      saved.current = result;
      if (result.ok) onSaved(result.metadata);
    }
  }, [fetcher.state, result, onSaved]);

  const labels: Record<string, string> = { form: "Form" };
  for (const l of LANGUAGES)
    for (const f of ["alt", "caption"] as const)
      labels[mediaTextKey(f, l)] =
        l === DEFAULT_LANGUAGE ? label(f) : `${label(f)} in ${languageDisplayName(l, DEFAULT_LANGUAGE)}`;

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-md border border-stone-200 bg-stone-50 p-3">
      <h3 id={headingId} className="font-semibold text-stone-900">
        Description
      </h3>
      <fetcher.Form method="post" action={DESCRIBE_ACTION} noValidate className="mt-2 space-y-3">
        <input type="hidden" name="intent" value="describe" />
        <input type="hidden" name="fullPath" value={meta.fullPath} />
        <ErrorSummary errors={errors} labels={labels} />
        {(["alt", "caption"] as const).map((f) => (
          <TextField
            key={f}
            name={f}
            label={`${label(f)} (English)`}
            defaultValue={texts[f] ?? ""}
            maxLength={MEDIA_TEXT_MAX[f]}
            hint={HINTS[f]}
            error={errors[f]}
          />
        ))}
        <details open={translated || undefined} className="rounded-md border border-stone-200 bg-white p-2">
          <summary className="cursor-pointer text-sm font-semibold text-stone-900">Translations (optional)</summary>
          <p className="mt-1 text-sm text-stone-700">
            A page in a language without its own text shows the English one.
          </p>
          <div className="mt-2 space-y-3">
            {OTHER_LANGUAGES.flatMap((l) =>
              (["alt", "caption"] as const).map((f) => {
                const key = mediaTextKey(f, l);
                return (
                  <TextField
                    key={key}
                    name={key}
                    label={labels[key] ?? key}
                    defaultValue={texts[key] ?? ""}
                    maxLength={MEDIA_TEXT_MAX[f]}
                    error={errors[key]}
                  />
                );
              }),
            )}
          </div>
        </details>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClasses.primary} disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save description"}
          </button>
          <p role="status" className="text-sm text-stone-800">
            {fetcher.state === "idle" && result?.ok ? "Description saved. Pages that show this file use it now." : ""}
          </p>
        </div>
      </fetcher.Form>
    </section>
  );
}
