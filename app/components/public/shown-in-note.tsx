import { isLanguage, languageDisplayName } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";

/**
 * The small note right above a text shown in its original language because the page's language has no translation
 * of it ("Text in Portuguese"). `note` is the language that text is in (null when it is translated: no note); the
 * note names it in the page's language, and the text carries `lang`.
 *
 * It goes directly before the text it describes, never after: a translated text above it would read as the one
 * described (a translated summary over an untranslated description), and under a long text the note would come too
 * late. Give it a small gap to its text (`mb-1`) and leave the larger one above, so it groups with what follows.
 */
export function ShownInNote({ note, className = "" }: { note: string | null; className?: string }) {
  const { t, lang } = useTranslation();
  if (!isLanguage(note)) return null;
  return (
    <p className={`text-sm italic ${className}`} data-testid="shown-in-note">
      {t("content.shownIn", { language: languageDisplayName(note, lang) })}
    </p>
  );
}

/**
 * A short text of an entry (its `field`: a summary, a role) in its box, with the note above it when the text is
 * shown in its original language; the text carries `lang`. `of` is the entry as shown: each text, and its
 * language under `lang`.
 */
export function ShownText<Field extends string>({
  of: entry,
  field,
  className,
  textClassName,
  noteClassName = "mb-1 text-stone-700",
}: {
  of: { [K in Field]: string | null } & { lang: { [K in Field]: string | null } };
  field: Field;
  className: string;
  textClassName: string;
  noteClassName?: string;
}) {
  const lang = entry.lang[field];
  return (
    <div className={className}>
      <ShownInNote note={lang} className={noteClassName} />
      <p className={textClassName} lang={lang ?? undefined}>
        {entry[field]}
      </p>
    </div>
  );
}
