import { SelectField, TextAreaField, TextField } from "~/components/admin/form-field";
import {
  languageDisplayName,
  originalLanguage,
  TRANSLATABLE_FIELDS,
  type TranslatableKind,
  translationFieldName,
} from "~/lib/i18n/entry-translations";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/lib/i18n/languages";
import { type FormValues, textValue } from "~/lib/schemas/form";

const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: languageDisplayName(value, DEFAULT_LANGUAGE) }));

type FieldSpec = { label: string; max: number; multiline: boolean };

/**
 * An entry form's original language and, per other language, the translations of its name and text fields, each
 * beside the original text it translates. One disclosure per language (open when it holds text or an error), so the
 * section works without JavaScript; a blank field has no translation and the page shows the original there.
 */
export function TranslationFields({
  kind,
  values,
  errors,
  savedLanguage,
}: {
  kind: TranslatableKind;
  values: FormValues;
  errors: Record<string, string | undefined>;
  /** The original language as saved: its own fields are the ones above, so it gets no translation section. */
  savedLanguage: string | undefined;
}) {
  const original = originalLanguage(savedLanguage ?? textValue(values, "language"));
  const spec = TRANSLATABLE_FIELDS[kind] as Record<string, FieldSpec>;
  const others = LANGUAGES.filter((l) => l !== original);
  const originalName = languageDisplayName(original, DEFAULT_LANGUAGE);
  return (
    <section aria-labelledby="translations-heading" className="space-y-4 rounded-lg border border-stone-300 p-4">
      <h2 id="translations-heading" className="text-lg font-semibold text-stone-900">
        Language and translations
      </h2>
      <SelectField
        name="language"
        label="Original language"
        options={LANGUAGE_OPTIONS}
        defaultValue={textValue(values, "language") || original}
        error={errors.language}
        hint="The language the fields above are written in. Pages in another language show its translation when there is one, otherwise these fields, marked with their language."
      />
      {errors.translations ? <p className="text-sm font-medium text-red-800">{errors.translations}</p> : null}
      {others.map((lang) => (
        <LanguageSection
          key={lang}
          lang={lang}
          kind={kind}
          spec={spec}
          values={values}
          errors={errors}
          original={original}
          originalName={originalName}
        />
      ))}
    </section>
  );
}

function LanguageSection({
  lang,
  spec,
  values,
  errors,
  original,
  originalName,
}: {
  lang: Language;
  kind: TranslatableKind;
  spec: Record<string, FieldSpec>;
  values: FormValues;
  errors: Record<string, string | undefined>;
  original: Language;
  originalName: string;
}) {
  const name = languageDisplayName(lang, DEFAULT_LANGUAGE);
  const fields = Object.entries(spec);
  const filled = fields.filter(([f]) => textValue(values, translationFieldName(lang, f)).trim() !== "").length;
  const hasError = fields.some(([f]) => errors[translationFieldName(lang, f)]);
  return (
    <details open={filled > 0 || hasError} className="rounded-md border border-stone-200 bg-stone-50 p-3">
      <summary className="cursor-pointer font-semibold text-stone-900">
        {name}{" "}
        <span className="font-normal text-stone-700">
          ({filled === 0 ? "no translation" : `${filled} of ${fields.length} fields translated`})
        </span>
      </summary>
      <div className="mt-3 space-y-4">
        {fields.map(([field, s]) => {
          const fieldName = translationFieldName(lang, field);
          const originalText = textValue(values, field);
          const common = {
            name: fieldName,
            label: `${s.label} in ${name}`,
            defaultValue: textValue(values, fieldName),
            error: errors[fieldName],
            maxLength: s.max,
          };
          return (
            <div key={field} className="grid gap-3 md:grid-cols-2">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-stone-800">
                  {s.label} in {originalName} (original)
                </p>
                <p
                  lang={original}
                  className="mt-1 max-h-40 overflow-y-auto whitespace-pre-line break-words rounded-md border border-stone-200 bg-white px-3 py-2 text-sm text-stone-800"
                >
                  {originalText || <span className="text-stone-600">(empty)</span>}
                </p>
              </div>
              <div className="min-w-0">
                {s.multiline ? <TextAreaField {...common} rows={s.max > 1000 ? 6 : 2} /> : <TextField {...common} />}
              </div>
            </div>
          );
        })}
      </div>
    </details>
  );
}
