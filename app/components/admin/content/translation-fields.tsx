import { SelectField, TextAreaField, TextField } from "~/components/forms/form-field";
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
 * An entry form's original language and the translations of its name and text fields: per field, the original text
 * beside one input per other language, labelled by the language within the field's group. Each field is a
 * disclosure (open when it holds a translation or an error), so the section works without JavaScript and stays
 * short; a blank input has no translation and pages show the original there.
 */
export function TranslationFields({
  kind,
  values,
  errors,
  savedLanguage,
  languageHint = "The language the fields above are written in. A page in another language shows the translation when there is one, otherwise the original, marked with its language.",
}: {
  kind: TranslatableKind;
  values: FormValues;
  errors: Record<string, string | undefined>;
  /** The original language as saved: its own fields are the ones above, so it gets no translation inputs. */
  savedLanguage: string | undefined;
  /** What the original language decides, under its select. */
  languageHint?: string;
}) {
  const original = originalLanguage(savedLanguage ?? textValue(values, "language"));
  const spec = TRANSLATABLE_FIELDS[kind] as Record<string, FieldSpec>;
  const others = LANGUAGES.filter((l) => l !== original);
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
        hint={languageHint}
      />
      {errors.translations ? <p className="text-sm font-medium text-red-800">{errors.translations}</p> : null}
      {Object.entries(spec).map(([field, s]) => (
        <FieldTranslations
          key={field}
          field={field}
          spec={s}
          languages={others}
          values={values}
          errors={errors}
          original={original}
        />
      ))}
    </section>
  );
}

function FieldTranslations({
  field,
  spec,
  languages,
  values,
  errors,
  original,
}: {
  field: string;
  spec: FieldSpec;
  languages: Language[];
  values: FormValues;
  errors: Record<string, string | undefined>;
  original: Language;
}) {
  const filled = languages.filter((l) => textValue(values, translationFieldName(l, field)).trim() !== "").length;
  const hasError = languages.some((l) => errors[translationFieldName(l, field)]);
  const originalText = textValue(values, field);
  return (
    <details open={filled > 0 || hasError} className="rounded-md border border-stone-200 bg-stone-50 p-3">
      <summary className="cursor-pointer font-semibold text-stone-900">
        {spec.label}{" "}
        <span className="font-normal text-stone-700">
          ({filled === 0 ? "not translated" : `translated into ${filled} of ${languages.length} languages`})
        </span>
      </summary>
      <fieldset className="mt-3 grid gap-4 md:grid-cols-2">
        <legend className="sr-only">{spec.label}: translations</legend>
        <div className="min-w-0">
          <p className="text-sm font-semibold text-stone-800">
            Original ({languageDisplayName(original, DEFAULT_LANGUAGE)})
          </p>
          <p
            lang={original}
            className="mt-1 max-h-64 overflow-y-auto whitespace-pre-line break-words rounded-md border border-stone-200 bg-white px-3 py-2 text-sm text-stone-800"
          >
            {originalText || "(empty)"}
          </p>
        </div>
        <div className="min-w-0 space-y-3">
          {languages.map((lang) => {
            const common = {
              name: translationFieldName(lang, field),
              label: languageDisplayName(lang, DEFAULT_LANGUAGE),
              defaultValue: textValue(values, translationFieldName(lang, field)),
              error: errors[translationFieldName(lang, field)],
              maxLength: spec.max,
            };
            return spec.multiline ? (
              <TextAreaField key={lang} {...common} rows={spec.max > 1000 ? 5 : 2} />
            ) : (
              <TextField key={lang} {...common} />
            );
          })}
        </div>
      </fieldset>
    </details>
  );
}
