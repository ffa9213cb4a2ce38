import { isLanguage, languageDisplayName } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";

/**
 * The small note under an entry's text when that text is its original in another language than the page's
 * ("Shown in Portuguese"). `note` is the language the text is in; the note names it in the page's language, and the
 * text it refers to carries `lang`.
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
